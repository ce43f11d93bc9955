"""Writing the scripts' outputs so that a reader never finds a partial file: each file is written to a
temporary file in its own directory and renamed over its name only once complete (a rename within one
directory is atomic); a failure (a full disk, Ctrl-C) removes the temporary file. Shared by report.py and
charts.py, with the order and the exit codes they share (read_build_write, exits_130_on_ctrl_c).

Problems are OutputError, whose message is one line without the script's name, like rxcsv.InputError.
"""
import contextlib
import functools
import os
import signal
import sys
import tempfile
import threading

import rxcsv


class OutputError(Exception):
    """An output that cannot be made or written; str() is the one-line message."""


def problem(error):
    """An OSError as a short phrase: its strerror ('No space left on device'), not its repr."""
    return error.strerror or str(error)


def check_directory(out):
    """Raise OutputError unless `out` is, or can be made as, a writable directory. Makes nothing: it probes
    the nearest existing ancestor with a temporary directory it removes, so that a bad --out is refused
    before any work and a refused run leaves no empty folder behind."""
    path = os.path.abspath(out)
    if os.path.exists(path) and not os.path.isdir(path):
        raise OutputError(f"{out}: exists and is not a directory; give a directory for --out")
    ancestor = path
    while not os.path.lexists(ancestor):
        ancestor = os.path.dirname(ancestor)
    if not os.path.isdir(ancestor):
        raise OutputError(f"{out}: cannot be made, {ancestor} is a file, not a directory; give another --out")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".probe-", dir=ancestor))
    except OSError as error:
        raise OutputError(f"{out}: cannot write in {ancestor} ({problem(error)}); give another --out") from None


def make_directory(path):
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise OutputError(f"{path}: cannot be made ({problem(error)})") from None


def write(handle, data):
    """The one write of a file's content (a seam: the tests make it fail as a full disk would)."""
    handle.write(data)


@contextlib.contextmanager
def interrupts_held_back():
    """SIGINT held back for the body (on the main thread, where Python handles it): one that arrives meanwhile is
    recorded, and raised again once the body has ended and the previous handler is back.

    The handler is swapped rather than the signal blocked: a SIGINT that reached the process just before the
    body began has already run the C-level handler, and Python calls its Python handler a few bytecodes later,
    which may be inside the body; a blocked signal mask does not stop that, the swapped handler does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received:
            signal.raise_signal(signal.SIGINT)   # as it would have been handled: KeyboardInterrupt by default


def write_atomically(path, data):
    """Write `data` (str or bytes) to `path` through a temporary file renamed when complete; on any failure,
    Ctrl-C included, the temporary file is removed and `path` is left as it was."""
    directory = os.path.dirname(path) or "."
    binary = isinstance(data, bytes)
    name = None
    try:
        with interrupts_held_back():   # else Ctrl-C between the file's creation and `name` leaves it behind
            handle = tempfile.NamedTemporaryFile("wb" if binary else "w", dir=directory, delete=False,
                                                 prefix=f".{os.path.basename(path)}.", suffix=".tmp",
                                                 **({} if binary else {"encoding": "utf-8", "newline": ""}))
            name = handle.name
        with handle:
            write(handle, data)
            handle.flush()
            os.fsync(handle.fileno())   # a full disk may only show here, not at write()
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(name, 0o666 & ~umask)   # a temporary file is private; the output is not
        os.replace(name, path)
    except BaseException as error:
        if name is not None and os.path.exists(name):
            os.unlink(name)
        if isinstance(error, OSError):
            raise OutputError(f"{path}: cannot be written ({problem(error)})") from None
        raise


def copy_atomically(source, destination):
    """A copy of `source` at `destination`, written as write_atomically writes."""
    try:
        with open(source, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise OutputError(f"{source}: cannot be read ({problem(error)})") from None
    write_atomically(destination, data)


def read_build_write(script, read, out, build, write, summary):
    """The order report.py and charts.py share: a bad input or --out stops them before any work, and nothing is
    written before everything is computed. `read()` reads every input, then --out is checked (a problem: exit
    2); `build(inputs)` computes everything; `write(built, out)` writes it (a problem: exit 1); `summary(built)`
    is the line printed on stdout (exit 0). Each problem is one line on stderr, `<script>: <problem>`."""
    try:
        inputs = read()
        check_directory(out)
    except (rxcsv.InputError, OutputError) as error:
        print(f"{script}: {error}", file=sys.stderr)
        return 2
    built = build(inputs)
    try:
        write(built, out)
    except OutputError as error:
        print(f"{script}: {error}", file=sys.stderr)
        return 1
    print(summary(built))
    return 0


def exits_130_on_ctrl_c(script):
    """Decorates a script's main: Ctrl-C ends it with the one line `<script>: interrupted` on stderr and exit
    code 130, no traceback. Whatever was being written was a temporary file, and it is gone (write_atomically)."""
    def decorate(main):
        @functools.wraps(main)
        def guarded(*args, **kwargs):
            try:
                return main(*args, **kwargs)
            except KeyboardInterrupt:
                print(f"{script}: interrupted", file=sys.stderr)
                return 130
        return guarded
    return decorate
