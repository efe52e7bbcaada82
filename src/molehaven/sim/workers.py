"""Worker pools for simulate, the lab and the arena.

Ctrl-C in a terminal sends SIGINT to the whole process group, workers included. Each worker
then raised its own KeyboardInterrupt and printed a traceback from deep inside some game's
rules, burying the command's one-line "interrupted". Workers here ignore SIGINT: the parent
alone handles it, and leaving the pool's ``with`` block terminates them quietly.
"""

from __future__ import annotations

import signal
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool


def ignore_interrupts() -> None:
    """Pool initializer: this worker leaves Ctrl-C to its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_pool(context: BaseContext, jobs: int) -> Pool:
    """A pool of ``jobs`` workers from ``context`` that leave Ctrl-C to this process."""
    return context.Pool(jobs, initializer=ignore_interrupts)
