"""Writing the subcommands' outputs so that a reader never finds a partial file: each file is written to a
temporary file in its own directory and renamed over its name only once complete (a rename within one
directory is atomic); a failure (a full disk, Ctrl-C, SIGTERM) removes the temporary file. A symbolic link is
written through (the file it names is replaced, the link stays), a replaced file keeps its permission bits, and
a device or a FIFO (/dev/stdout, a named pipe) is written to directly (write_atomically). An output path is
checked before any work (check_file, check_directory).

Every subcommand's main runs under script_main (cli.py applies it): Ctrl-C, SIGTERM or SIGHUP is one line and
exit 128 + the signal (130 for Ctrl-C), standard output that cannot take the output (a full disk, a closed
stdout) is one line and exit 1, a closed pipe (`| head -1`) exit 1 without a word; never a traceback.

Problems are OutputError, whose message is one line without the subcommand's name, like rxcsv.InputError.
"""
import contextlib
import errno
import functools
import os
import signal
import stat
import sys
import tempfile
import threading

from . import rxcsv


class OutputError(Exception):
    """An output that cannot be made or written; str() is the one-line message."""


def problem(error):
    """An OSError as a short phrase: its strerror ('No space left on device'), not its repr."""
    return error.strerror or str(error)


def check_directory(out, option="--out"):
    """Raise OutputError unless `out` is, or can be made as, a writable directory. Makes nothing: it probes
    the nearest existing ancestor with a temporary directory it removes, so that a bad --out is refused
    before any work and a refused run leaves no empty folder behind."""
    if out == "":
        raise OutputError(f"{option} is empty; give a directory")
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


def check_file(path, option, remedy=None):
    """Raise OutputError unless `path` names a file write_atomically can write: a new or writable file in an
    existing directory where a temporary file can be made, or a writable device or FIFO. Makes nothing (the
    probe's temporary file is removed): a bad output path is refused before any work, naming `option`; each
    message ends with `remedy` (default: give another OPTION)."""
    remedy = remedy or f"give another {option}"
    if path == "":
        raise OutputError(f"{option} is empty; give a file name")
    if path.endswith(os.sep) or os.path.isdir(path):
        raise OutputError(f"{path}: is a directory; give {option} a file name")
    status = status_of(path, remedy)
    if status is not None and not os.access(path, os.W_OK):
        raise OutputError(f"{path}: cannot be written (Permission denied); {remedy}")
    if status is not None and not stat.S_ISREG(status.st_mode):
        return   # a device or a FIFO: written through, nothing is made beside it
    target = os.path.realpath(path)   # a symbolic link is written through: the file it names is replaced
    directory = os.path.dirname(target)
    if not os.path.isdir(directory):
        why = f"{directory} is not a directory" if os.path.lexists(directory) else f"no directory {directory}"
        raise OutputError(f"{path}: cannot be written, {why}; {remedy}")
    try:
        handle, name = tempfile.mkstemp(prefix=".probe-", dir=directory)
        os.close(handle)
        os.unlink(name)
    except OSError as error:
        raise OutputError(f"{path}: cannot write in {directory} ({problem(error)}); {remedy}") from None


def status_of(path, remedy=None):
    """os.stat of `path` through its symbolic links, None when there is nothing there (yet)."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OutputError(f"{path}: cannot be written ({problem(error)})" + (f"; {remedy}" if remedy else "")) from None


def make_directory(path):
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise OutputError(f"{path}: cannot be made ({problem(error)})") from None


def write(handle, data):
    """The one write of a file's content (a seam: the tests make it fail as a full disk would)."""
    handle.write(data)


class Terminated(BaseException):
    """SIGTERM or SIGHUP, raised where the program is (as Ctrl-C raises KeyboardInterrupt), so that what is
    being written is cleaned up on the way out. A BaseException: no `except Exception` swallows it."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self):
        return signal.Signals(self.signum).name


TERMINATING = (signal.SIGTERM, signal.SIGHUP)


def _terminated(signum, _frame):
    raise Terminated(signum)


@contextlib.contextmanager
def terminations_raised():
    """For the body (on the main thread): SIGTERM and SIGHUP raise Terminated instead of ending the process at
    once, which would leave a temporary file behind. A signal the process ignores, or handles itself, is left
    as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for signum in TERMINATING:
        if signal.getsignal(signum) == signal.SIG_DFL:
            previous[signum] = signal.signal(signum, _terminated)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


HELD_BACK = (signal.SIGINT,) + TERMINATING


@contextlib.contextmanager
def interrupts_held_back():
    """SIGINT, SIGTERM and SIGHUP held back for the body (on the main thread, where Python handles them): one
    that arrives meanwhile is recorded, and raised again once the body has ended and the previous handler is
    back (KeyboardInterrupt for SIGINT by default; Terminated under terminations_raised). An ignored signal
    stays ignored.

    The handler is swapped rather than the signal blocked: a SIGINT that reached the process just before the
    body began has already run the C-level handler, and Python calls its Python handler a few bytecodes later,
    which may be inside the body; a blocked signal mask does not stop that, the swapped handler does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received = []
    previous = {}
    for signum in HELD_BACK:
        if signal.getsignal(signum) not in (signal.SIG_IGN, None):
            previous[signum] = signal.signal(signum, lambda number, frame: received.append(number))
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if received:
            signal.raise_signal(received[0])   # as it would have been handled


def write_atomically(path, data):
    """Write `data` (str or bytes) to `path` through a temporary file renamed when complete; on any failure,
    Ctrl-C, SIGTERM and SIGHUP included, the temporary file is removed and `path` is left as it was. A symbolic
    link is followed: the file it names is replaced and the link stays. A replaced file keeps its permission
    bits; a new one gets 0666 less the umask. A device or a FIFO is written to directly, since nothing can be
    renamed over it."""
    with terminations_raised():
        _write_atomically(path, data)


def _write_atomically(path, data):
    binary = isinstance(data, bytes)
    options = {} if binary else {"encoding": "utf-8", "newline": ""}
    status = status_of(path)
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise OutputError(f"{path}: cannot be written (Is a directory)")
    if status is not None and not stat.S_ISREG(status.st_mode):
        try:   # through its name: /dev/stdout's link names /proc/self/fd/1, which names a pipe no path reaches
            with open(path, "wb" if binary else "w", **options) as handle:
                write(handle, data)
        except OSError as error:
            raise OutputError(f"{path}: cannot be written ({problem(error)})") from None
        return
    target = os.path.realpath(path)
    directory = os.path.dirname(target)
    name = None
    try:
        with interrupts_held_back():   # else a signal between the file's creation and `name` leaves it behind
            handle = tempfile.NamedTemporaryFile("wb" if binary else "w", dir=directory, delete=False,
                                                 prefix=f".{os.path.basename(target)}.", suffix=".tmp", **options)
            name = handle.name
        with handle:
            write(handle, data)
            handle.flush()
            os.fsync(handle.fileno())   # a full disk may only show here, not at write()
        if status is not None:
            mode = stat.S_IMODE(status.st_mode)   # the replaced file's bits, 0600 stays 0600
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask   # a temporary file is private; the output is not
        os.chmod(name, mode)
        os.replace(name, target)
    except BaseException as error:
        if name is not None and os.path.exists(name):
            os.unlink(name)
        if isinstance(error, OSError):
            raise OutputError(f"{path}: cannot be written ({problem(error)})") from None
        raise


def write_or_print(path, text):
    """`text` written to `path` as write_atomically writes, or printed on standard output when no path is given
    (the subcommands whose --out is optional)."""
    if path:
        write_atomically(path, text)
    else:
        sys.stdout.write(text)


def copy_atomically(source, destination):
    """A copy of `source` at `destination`, written as write_atomically writes."""
    try:
        with open(source, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise OutputError(f"{source}: cannot be read ({problem(error)})") from None
    write_atomically(destination, data)


def read_build_write(script, read, out, build, write, summary):
    """The order rxtools report and rxtools charts share: a bad input or --out stops them before any work, and nothing is
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


def read_build_write_or_print(script, out, read, build, errors, status):
    """The order of the subcommands whose --out is optional (cache-account, floor-history, decomposition-tables):
    --out, when given, is checked before any work; `read()` reads every input; `build(inputs)` is the text,
    written to --out as write_atomically writes or printed (write_or_print). A bad --out (OutputError) or one of
    `errors` from read() is one line on stderr, `<script>: <problem>`, and exit `status`, with nothing written."""
    try:
        if out:
            check_file(out, "--out")
        inputs = read()
    except (*errors, OutputError) as error:
        print(f"{script}: {error}", file=sys.stderr)
        return status
    write_or_print(out, build(inputs))
    return 0


class StdoutLost(Exception):
    """Standard output refused the output: a full disk, a closed pipe. Told apart from a file's OSError."""

    def __init__(self, error):
        super().__init__(problem(error))
        self.error = error


class _CheckedStdout:
    """sys.stdout while a script's main runs: a write or flush that fails is StdoutLost."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        try:
            return self._stream.write(text)
        except OSError as error:
            raise StdoutLost(error) from None

    def flush(self):
        try:
            self._stream.flush()
        except OSError as error:
            raise StdoutLost(error) from None

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _BestEffortStderr:
    """sys.stderr while a script's main runs: a message that cannot be written is lost, it raises nothing (the
    exit status still says what happened)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        try:
            return self._stream.write(text)
        except (OSError, ValueError):
            return len(text)

    def flush(self):
        try:
            self._stream.flush()
        except (OSError, ValueError):
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def say(script, message):
    """The one line on stderr, `<script>: <message>`."""
    print(f"{script}: {message}", file=sys.stderr)


def _discard_stdout(stream):
    """After standard output failed, what is still buffered in it would fail again when Python exits (a
    second message, exit 120): the process's own stdout is pointed at /dev/null."""
    if stream is not sys.__stdout__:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def script_main(script):
    """Decorates a subcommand's main (cli.py runs every subcommand under it), so that no way of ending prints a
    traceback:
    - Ctrl-C: `<script>: interrupted`, exit 130; SIGTERM or SIGHUP: `<script>: terminated (SIGTERM)`, exit 128 +
      the signal (143, 129). Whatever was being written was a temporary file, and it is gone (write_atomically).
    - Standard output that cannot take the output: a full disk (`> /dev/full`) is `<script>: cannot write to
      standard output (No space left on device)`, exit 1; a closed pipe (`| head -1`) exits 1 without a word,
      as the reader chose to stop (a gate's output cut short never reads as a pass). A standard output closed
      from the start (`>&-`) is refused before any work: exit 1.
    - Standard error is best effort: an unwritable stderr loses the messages, never the output.
    main's return value (or sys.exit's) is the exit status; standard output is flushed before it counts."""
    def decorate(main):
        @functools.wraps(main)
        def guarded(*args, **kwargs):
            if sys.stderr is None:   # closed from the start: messages go nowhere, never into stdout
                sys.stderr = open(os.devnull, "w")
            if sys.stdout is None:
                say(script, "standard output is closed; give it a file or /dev/null (> FILE)")
                return 1
            stdout, stderr = sys.stdout, sys.stderr
            sys.stdout, sys.stderr = _CheckedStdout(stdout), _BestEffortStderr(stderr)
            try:
                with terminations_raised():
                    try:
                        try:
                            status = main(*args, **kwargs)
                        except SystemExit as exit:   # argparse, sys.exit(): its status, once stdout is out
                            status = exit
                        sys.stdout.flush()
                    except KeyboardInterrupt:
                        say(script, "interrupted")
                        return 130
                    except Terminated as terminated:
                        say(script, f"terminated ({terminated.name})")
                        return 128 + terminated.signum
                    except StdoutLost as lost:
                        _discard_stdout(stdout)
                        if lost.error.errno != errno.EPIPE:
                            say(script, f"cannot write to standard output ({lost})")
                        return 1
            finally:
                sys.stdout, sys.stderr = stdout, stderr
            if isinstance(status, SystemExit):
                raise status
            return status
        return guarded
    return decorate

