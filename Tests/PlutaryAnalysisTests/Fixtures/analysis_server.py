#!/usr/bin/env python3
"""A scripted analysis service for the tests, on 127.0.0.1 (or HOST) and a free port.

usage: analysis_server.py SCRIPT.json LOG.jsonl [HOST]
SCRIPT maps a path ("/analyze", "/v1/chat/completions", "/v1/models") to a list
of answers given in turn (the last one repeats): {"status", "body" (string or
JSON), "headers", "delay" (seconds before answering), "token" (answer 401
unless the request carries this bearer token), "bytes" (a body of that many
bytes, written in 1 MB pieces), "drip" (a body written one byte per that many
seconds, endlessly)}. Each request is appended to
LOG as a JSON line as soon as it arrives. The port is printed on stdout.
"""
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The test runner may leave SIGTERM ignored; a stopped test must stop its server.
signal.signal(signal.SIGTERM, signal.SIG_DFL)
script_path, log_path = sys.argv[1], sys.argv[2]
with open(script_path) as f:
    script = json.load(f)
counters = {}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_one(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        with lock:
            answers = script.get(self.path) or [{"status": 404, "body": "no such path"}]
            index = counters.get(self.path, 0)
            counters[self.path] = index + 1
            answer = answers[min(index, len(answers) - 1)]
            with open(log_path, "a") as log:
                log.write(json.dumps({"method": self.command, "path": self.path,
                                      "authorization": self.headers.get("Authorization"),
                                      "body": body, "bytes": len(raw)}) + "\n")
        time.sleep(answer.get("delay", 0))
        status = answer.get("status", 200)
        if "token" in answer and self.headers.get("Authorization") != "Bearer " + answer["token"]:
            status, answer = 401, {"body": {"error": "bad token"}}
        payload = answer.get("body", "")
        data = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
        length = answer.get("bytes", 10 ** 9 if "drip" in answer else len(data))
        try:
            self.send_response(status)
            for key, value in answer.get("headers", {}).items():
                self.send_header(key, str(value))
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(length))
            self.end_headers()
            if "drip" in answer:
                while True:
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(answer["drip"])
            elif "bytes" in answer:
                piece = b" " * (1 << 20)
                for start in range(0, length, len(piece)):
                    self.wfile.write(piece[:length - start])
            else:
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    do_GET = handle_one
    do_POST = handle_one


server = ThreadingHTTPServer((sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
