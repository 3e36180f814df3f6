"""Starts the real Plutary under the current X display and D-Bus session and
finds it through AT-SPI, as a screen reader would. Shared by the e2e tests."""
import os
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi


def start_accessibility_bus():
    """GTK talks to AT-SPI over its own bus; start it inside this private session."""
    launcher = "/usr/libexec/at-spi-bus-launcher"
    proc = subprocess.Popen([launcher, "--launch-immediately"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return proc


class App:
    def __init__(self, binary, *args, env=None):
        self.home = tempfile.mkdtemp(prefix="plutary-e2e-")
        full_env = dict(os.environ)
        full_env.update({
            "HOME": self.home,
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GTK_A11Y": "atspi",
            "NO_AT_BRIDGE": "0",
        })
        full_env.update(env or {})
        self.log_path = os.path.join(self.home, "app.log")
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen([binary, *args], env=full_env, stdout=self.log, stderr=subprocess.STDOUT)
        self.node = None

    def find(self, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"app exited with {self.proc.returncode}; log:\n{self.read_log()}")
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                child = desktop.getChildAtIndex(i)
                try:
                    if child is not None and child.get_process_id() == self.proc.pid and child.childCount > 0:
                        self.node = child
                        return child
                except Exception:
                    pass
            time.sleep(0.3)
        raise AssertionError(f"no accessible application for pid {self.proc.pid}; log:\n{self.read_log()}")

    def read_log(self):
        self.log.flush()
        with open(self.log_path) as f:
            return f.read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def walk(node, depth=0, max_depth=60):
    """Every descendant of node (depth first)."""
    if node is None or depth > max_depth:
        return
    yield node
    try:
        count = node.childCount
    except Exception:
        return  # the node went away while the tree was being walked
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1, max_depth)


def is_visible(node):
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def find_all(root, role=None, name=None, predicate=None, visible_only=True):
    found = []
    for node in walk(root):
        try:
            if role is not None and node.getRoleName() != role:
                continue
            if name is not None and node.name != name:
                continue
            if predicate is not None and not predicate(node):
                continue
            if visible_only and not is_visible(node):
                continue
            found.append(node)
        except Exception:
            continue
    return found


def wait_for(description, fn, timeout=15):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        last = fn()
        if last:
            return last
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {description}")


def click(node):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate", "toggle"):
            action.doAction(i)
            return
    action.doAction(0)


def screenshot(path):
    subprocess.run(["import", "-window", "root", path], check=True)
    print(f"screenshot: {path}", file=sys.stderr)


def text_of(node):
    """An editable's text; GTK 4.8 answers nothing for the usual end offset -1, so ask for the length."""
    text = node.queryText()
    return text.getText(0, text.characterCount)


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


def centre(node):
    ext = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return str(ext.x + ext.width // 2), str(ext.y + ext.height // 2)


def one(root, description, timeout=30, **kwargs):
    """The first node find_all finds, waiting for it."""
    return wait_for(description, lambda: find_all(root, **kwargs), timeout=timeout)[0]
