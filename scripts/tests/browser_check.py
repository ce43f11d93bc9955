#!/usr/bin/env python3
"""Open an HTML page in headless Chromium and check it as a reader would get it:

- no uncaught exception, no console error, no error in the browser's log (a resource that failed);
- nothing fetched from outside the page (only file: and data: URLs: the report is self-contained);
- every image decoded (a broken embedded chart has naturalWidth 0);
- a screenshot of the first screen that is not blank (enough pixels differ from the background).

    scripts/tests/browser_check.py PAGE.html [--screenshot OUT.png]

It speaks the DevTools protocol over a pipe (--remote-debugging-pipe: JSON messages ended by NUL on
file descriptors 3 and 4), so it needs no network port and no websocket library. Exit 0 when every
check passes, 1 when one fails, 2 when the browser cannot be run.
"""
import argparse
import base64
import fcntl
import io
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

BROWSERS = ["chromium", "chromium-browser", "google-chrome"]
VIEWPORT = (1366, 1600)
# A page counts as blank when fewer than this share of the screenshot's pixels differ from its
# most common colour (the background).
MIN_INK = 0.01


class BrowserError(Exception):
    pass


class DevTools:
    """A Chromium child process and the DevTools protocol over its pipe."""

    def __init__(self, browser, timeout):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="rxbench-browser-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def wire_pipe():
            # In the child: Chromium reads commands on fd 3 and writes answers on fd 4. The pipe's own
            # numbers may be 3 or 4 already, so move them out of the way first, then place them.
            reader = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            writer = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(reader, 3)
            os.dup2(writer, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--mute-audio", "--hide-scrollbars",
                f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}", "about:blank"]
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, close_fds=False, preexec_fn=wire_pipe)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.stderr = []
        self.messages = queue.Queue()
        self.events = []
        self.next_id = 0
        threading.Thread(target=self._read_messages, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_messages(self):
        buffer = b""
        while True:
            chunk = os.read(self.from_browser, 65536)
            if not chunk:
                self.messages.put(None)
                return
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                self.messages.put(json.loads(message))

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line.decode("utf-8", "replace").rstrip())

    def send(self, method, params=None, session=None):
        """Send one command and wait for its answer; events that arrive meanwhile are kept."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._next(f"an answer to {method}")
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method):
        while not any(event.get("method") == method for event in self.events):
            self.events.append(self._next(method))

    def drain(self, seconds):
        """Collect the events of the next few seconds (late console errors, late requests)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                return
            if message is None:
                return
            self.events.append(message)

    def _next(self, what):
        try:
            message = self.messages.get(timeout=self.timeout)
        except queue.Empty:
            raise BrowserError(f"no {what} within {self.timeout} s") from None
        if message is None:
            tail = " | ".join(self.stderr[-3:])
            raise BrowserError(f"the browser closed its pipe while waiting for {what} ({tail})")
        return message

    def close(self):
        try:
            os.write(self.to_browser, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        for fd in (self.to_browser, self.from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


# The page's own view of itself, read after it loaded.
INSPECT = """JSON.stringify({
  images: document.images.length,
  broken: Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt || i.src.slice(0, 60)),
  tables: document.querySelectorAll('table').length,
  text: document.body ? document.body.innerText.trim().length : 0,
  height: document.documentElement.scrollHeight
})"""


def check_page(path, screenshot=None, browser=None, timeout=60):
    """(problems, facts): every problem a reader would meet, and what the page holds."""
    browser = browser or find_browser()
    if not browser:
        raise BrowserError(f"no browser found (looked for {', '.join(BROWSERS)}); install Debian's `chromium`")
    url = "file://" + os.path.abspath(path)
    tools = DevTools(browser, timeout)
    try:
        target = tools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = tools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page", "Network"):
            tools.send(f"{domain}.enable", session=session)
        tools.send("Emulation.setDeviceMetricsOverride", {"width": VIEWPORT[0], "height": VIEWPORT[1],
                                                          "deviceScaleFactor": 1, "mobile": False}, session)
        tools.send("Page.navigate", {"url": url}, session)
        tools.wait_for("Page.loadEventFired")
        tools.drain(1.0)
        facts = json.loads(tools.send("Runtime.evaluate", {"expression": INSPECT, "returnByValue": True},
                                      session)["result"]["value"])
        shot = base64.b64decode(tools.send("Page.captureScreenshot", {"format": "png"}, session)["data"])
    finally:
        tools.close()
    problems = problems_in(tools.events) + [f"image did not load: {name}" for name in facts["broken"]]
    facts["ink"] = ink(shot)
    if facts["ink"] < MIN_INK:
        problems.append(f"screenshot is blank ({100 * facts['ink']:.2f}% of pixels differ from the background)")
    if screenshot:
        with open(screenshot, "wb") as handle:
            handle.write(shot)
    return problems, facts


def problems_in(events):
    problems = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text")
            problems.append(f"uncaught exception: {text}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            problems.append(f"console.{params['type']}: {text}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            problems.append(f"browser log error: {entry.get('text')} {entry.get('url', '')}".rstrip())
        elif method == "Network.requestWillBeSent":
            request_url = params.get("request", {}).get("url", "")
            if not request_url.startswith(("file:", "data:", "about:")):
                problems.append(f"fetches from outside the page: {request_url}")
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            problems.append(f"a load failed: {params.get('errorText')}")
    return list(dict.fromkeys(problems))


def ink(png):
    """Share of pixels that differ from the most common colour, read with matplotlib's PNG reader."""
    import matplotlib.image
    import numpy

    pixels = matplotlib.image.imread(io.BytesIO(png), format="png")[:, :, :3]
    flat = (pixels.reshape(-1, 3) * 255).round().astype(numpy.uint32)
    # One integer per colour: numpy.unique over rows (axis=0) took 7 s of every check.
    colours = (flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2]
    background = numpy.bincount(colours).argmax()
    return float((colours != background).mean())


def find_browser():
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", metavar="PAGE.html")
    parser.add_argument("--screenshot", metavar="OUT.png", help="keep the screenshot here")
    parser.add_argument("--browser", help="browser executable (default: chromium from PATH)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for the browser")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.page):
        print(f"browser_check.py: {args.page}: no such file", file=sys.stderr)
        return 2
    try:
        problems, facts = check_page(args.page, args.screenshot, args.browser, args.timeout)
    except BrowserError as error:
        print(f"browser_check.py: {args.page}: {error}", file=sys.stderr)
        return 2
    summary = (f"{facts['images']} images, {facts['tables']} tables, page {facts['height']} px tall, "
               f"screenshot {100 * facts['ink']:.1f}% ink")
    if problems:
        for problem in problems:
            print(f"browser_check.py: {args.page}: {problem}", file=sys.stderr)
        print(f"browser check FAILED: {args.page}: {len(problems)} problem(s); {summary}")
        return 1
    print(f"browser check ok: {args.page}: no console errors, nothing fetched from outside; {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
