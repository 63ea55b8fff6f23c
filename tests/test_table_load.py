"""The table-load benchmark's machinery at a tiny size: a bot process, two tables, a
short wire latency. Only the consistency of its report is checked, never its timings."""

from __future__ import annotations

import pytest

from benchmarks.table_load import Plan, run_one


async def test_steady_load_reports_every_click_answered_and_moves_made() -> None:
    report = await run_one(Plan("steady", 2, latency=0.01, seconds=20, moves=3,
                                think=(0.05, 0.2)))
    assert report.opened == 2
    assert report.interactions > 0 and report.unanswered == 0
    assert len(report.latencies) == report.interactions
    assert report.changes >= report.moves > 0  # saved changes also hold UNO calls
    assert report.cpu_seconds > 0 and report.bot_token_calls <= 0.1 * report.changes
    assert len(report.shown_after) == report.moves  # each move seen on the table
    assert all(seconds < float("inf") for seconds in report.shown_after)
    assert not report.violations and not report.bot_errors and not report.shutdown_errors


async def test_burst_reports_one_move_per_table_and_every_click_answered() -> None:
    report = await run_one(Plan("burst", 2, latency=0.01))
    assert report.opened == 2 and report.burst_tables >= 1  # a table may never get there
    assert report.interactions == 7 * report.burst_tables and report.unanswered == 0
    assert len(report.latencies) == report.interactions
    assert report.applied_twice == 0
    assert report.moves == report.burst_tables  # one click of seven went through
    assert report.changes == report.moves
    assert not report.violations and not report.bot_errors and not report.shutdown_errors


@pytest.mark.parametrize("processes", [1, 2])
async def test_two_shards_in_one_or_two_processes_report_every_click_answered(
    processes: int,
) -> None:
    report = await run_one(Plan("steady", 4, latency=0.01, seconds=20, moves=3,
                                think=(0.05, 0.2), shards=2, processes=processes))
    assert report.opened == 4
    assert report.interactions > 0 and report.unanswered == 0
    assert report.changes >= report.moves > 0  # both processes' saves are counted
    assert report.cpu_seconds > 0
    assert not report.violations and not report.bot_errors and not report.shutdown_errors


async def test_tables_with_hard_players_time_their_people_apart() -> None:
    report = await run_one(Plan("steady", 2, latency=0.01, seconds=20, moves=2,
                                think=(0.05, 0.2), hard_tables=1))
    assert report.opened == 2 and report.unanswered == 0
    assert report.hard_latencies and len(report.hard_latencies) < len(report.latencies)
    assert "people at 1 tables with three hard players" in "\n".join(report.lines())
    assert not report.violations and not report.bot_errors and not report.shutdown_errors
