"""CPU time and resident memory of another process, read from /proc (Linux)."""

from __future__ import annotations

import os


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        text = stat.read()
    # The command name, field 2, is in parentheses and may hold spaces: split after it.
    fields = text[text.rindex(")") + 2:].split()
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def resident_bytes(pid: int) -> int:
    """The process's resident memory now."""
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
