"""Four ``python -m bot`` processes started at the same moment, 16 shards between them
(four each), on one PostgreSQL database, against a fake Discord that takes 8 IDENTIFYs
at a time (``max_concurrency`` 8: shards 0-3 and 8-11, of two processes, share buckets
0-3; 4-7 and 12-15 share 4-7) and one per bucket every 5 s: they take turns through the
database, so none is answered with an invalid session, and every shard is ready.

Run through the benchmark's machinery (``benchmarks/identify.py``), whose figures are
not checked: only that nothing was refused and everything came up."""

from __future__ import annotations

from benchmarks.identify import Plan, run


async def test_four_processes_started_together_identify_16_shards_without_an_op_9(
    postgres_url: str,
) -> None:
    report = await run(Plan(processes=4, shards=16, max_concurrency=8,
                            env=(("DATABASE_URL", postgres_url),)))
    assert report.invalid_sessions == 0 and not report.violations
    assert sorted(shard for _, shard in report.identified) == list(range(16))  # once each
    assert len(report.ready_after) == 4  # each process had every shard ready
    assert not report.bot_errors
