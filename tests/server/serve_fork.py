"""Starts ``molehaven serve`` processes by forking one that has already imported the server.

Most browser tests and the restart tests start a server of their own, and each start spent
two to three seconds of CPU importing FastAPI, SQLAlchemy, Alembic and the games before it ran
any of the server's code: minutes of a 2-core CI run. This process imports them once; for each
start it is asked for, it forks, and the child runs the command line's own ``serve`` command,
as ``molehaven serve`` would, with the test's arguments and environment, writing to the
test's log.

Protocol, one JSON line each way: ``{"argv": [...], "env": {...}, "log": path}`` in, the
child's ``{"pid": n}`` out. The children are this process's: it reaps them as they end, so a
test sees a server that died as gone (``ForkedServer.poll``). It ends when its input closes;
servers still running go on, as a ``subprocess.Popen`` child of the test would."""

from __future__ import annotations

import json
import os
import signal
import sys
from types import FrameType


def reap(signum: int, frame: FrameType | None) -> None:
    del signum, frame
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass


def run_child(request: dict[str, object]) -> None:
    """In the forked child: become ``molehaven serve`` with the request's arguments."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the server's own children are its own
    log = os.open(str(request["log"]), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    os.close(null)
    env = request["env"]
    assert isinstance(env, dict)
    os.environ.clear()
    os.environ.update(env)
    argv = request["argv"]
    assert isinstance(argv, list)
    sys.argv = ["molehaven", *argv]
    from molehaven.cli.main import app

    code = 0
    try:
        app(args=argv, prog_name="molehaven")
    except SystemExit as ended:
        code = ended.code if isinstance(ended.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code)


def main() -> None:
    # What a server start imports, once; nothing here starts a thread, so forking is safe.
    import uvicorn  # noqa: F401

    import molehaven.cli.main
    import molehaven.server.app
    import molehaven.server.migrate  # noqa: F401

    signal.signal(signal.SIGCHLD, reap)
    print(json.dumps({"ready": os.getpid()}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            run_child(request)
        print(json.dumps({"pid": pid}), flush=True)


if __name__ == "__main__":
    main()
