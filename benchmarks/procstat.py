"""CPU time and resident memory of another process, read from /proc (Linux)."""

from __future__ import annotations

import os


def _fields(pid: int) -> list[str]:
    """``/proc/<pid>/stat`` from its field 3 on (``[0]`` is field 3 of proc(5))."""
    with open(f"/proc/{pid}/stat") as stat:
        text = stat.read()
    # The command name, field 2, is in parentheses and may hold spaces: split after it.
    return text[text.rindex(")") + 2:].split()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far."""
    fields = _fields(pid)
    utime, stime = int(fields[11]), int(fields[12])  # fields 14 and 15 of proc(5)
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds(pid: int) -> dict[int, float]:
    """``cpu_seconds`` of each running process that ``pid`` started (its workers)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            if int(_fields(int(entry.name))[1]) == pid:  # field 4, the parent
                found[int(entry.name)] = cpu_seconds(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    return found


def resident_bytes(pid: int) -> int:
    """The process's resident memory now."""
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
