"""Worker pools for simulate, the lab and the arena.

Ctrl-C in a terminal sends SIGINT to the whole process group, workers included. Each worker
then raised its own KeyboardInterrupt and printed a traceback from deep inside some game's
rules, burying the command's one-line "interrupted". Workers here ignore SIGINT: the parent
alone handles it, and leaving the pool's ``with`` block terminates them quietly.
"""

from __future__ import annotations

import signal
import threading
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool


def ignore_interrupts() -> None:
    """Pool initializer: this worker leaves Ctrl-C to its parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_pool(context: BaseContext, jobs: int) -> Pool:
    """A pool of ``jobs`` workers from ``context`` that leave Ctrl-C to this process.

    The workers are started with SIGINT ignored here, so they ignore it from birth: the
    initializer alone left a window while a worker was still importing (under load, seconds)
    in which a Ctrl-C printed its traceback. An ignored signal stays ignored across fork and
    exec, and Python does not install its own handler over it. (A worker the pool starts
    again later, after one died, has only the initializer; a Ctrl-C pressed in the instant
    the pool starts is ignored. Both are rare enough to leave.)
    """
    if threading.current_thread() is not threading.main_thread():
        return context.Pool(jobs, initializer=ignore_interrupts)  # signals are main's only
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return context.Pool(jobs, initializer=ignore_interrupts)
    finally:
        signal.signal(signal.SIGINT, previous)
