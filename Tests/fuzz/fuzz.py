#!/usr/bin/env python3
"""Feeds generated inputs to `plutary parse` and `plutary import` and reports
crashes and the slowest input.

usage: fuzz.py PLUTARY [--count N] [--seed S] [--batch B] [--jobs J] [--only parse|import] [--out DIR]

N inputs go to each of parse and import (default 1 000 000), B per process
through the hidden `plutary fuzz` subcommand, which runs each input through the
code behind the real command and marks which one it is on; J processes at once. A process that dies
(a trap, a signal) names its input: it is saved under DIR/crashes and the batch
goes on after it. Exit status 1 when anything crashed.
"""
import argparse
import base64
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile
import time

NUMBERS = ["0", "0.00", "-0.00", "1.00", "12.50", "12,50", "1,234.56", "1.234,56", "100000000000000000",
           "9223372036854775807", "9223372036854775808.00", "92233720368547758.07", "-9223372036854775808",
           "99999999999999999999999999999999999999.99", "1e9999", "1e-9999", "--1", "1-1", "+-1", "NaN", "inf",
           "0O.5O", "１２.３４", "٣٤.٥٦", "12.", ".50", "1.2.3", "00000000000000000000012.50", "3.00-", "- 4.99",
           "$ 7.00", "RM 64 13", "€1,95", "1'234.50", "12.999", "174.9", "637", ""]
DATES = ["2026-03-14", "14/03/2026", "03/14/26", "31.12.99999", "9999999-01-01", "2026-02-30", "0000-00-00",
         "1969-12-31", "12 MAR 2026", "2026年3月14日", "99/99/9999", "2026-13-01", "20260314"]
LABELS = ["TOTAL", "SUBTOTAL", "SUB TOTAL", "TAX", "HST", "GST 5%", "TIP", "CASH", "CHANGE", "VISA", "ROUNDING ADJ",
          "TOTAL SAVINGS", "NET TOTAL", "Summe", "MwSt 19%", "合计", "KS EGGS 2 @ 4.99", "BANANAS 0.840 kg @ 1.49/kg",
          "DEPOSIT", "ECO FEE", "Total GST (RM) :", "ITEM", "x", ""]
MERCHANTS = ["COSTCO WHOLESALE", "WALMART", "T&T SUPERMARKET", "NO FRILLS", "FOOD BASICS", "Lidl", "ラーメン屋", "=HYPERLINK(1)", ""]
WEIRD = ["\x00", "\x1b[31m", "\u202e", "\ufeff", "\ud7ff", "\U0001F9FE", "\r", "\t", "\\", "\"", "%@", "%n", "${x}", "'; DROP TABLE receipts; --"]


def pick(rng, items):
    return items[rng.randrange(len(items))]


def receipt_text(rng):
    lines = []
    if rng.random() < 0.8:
        lines.append(pick(rng, MERCHANTS))
    for _ in range(rng.randrange(0, 14)):
        roll = rng.random()
        if roll < 0.55:
            lines.append(f"{pick(rng, LABELS)} {' ' * rng.randrange(0, 20)}{pick(rng, NUMBERS)}{pick(rng, ['', ' ', ' A', ' H', '-', ' %'])}")
        elif roll < 0.7:
            lines.append(f"{pick(rng, ['DATE', 'Datum', ''])} {pick(rng, DATES)} {rng.randrange(0, 30)}:{rng.randrange(0, 70):02}")
        elif roll < 0.8:
            lines.append(" ".join(pick(rng, NUMBERS) for _ in range(rng.randrange(1, 12))))
        elif roll < 0.9:
            lines.append("".join(pick(rng, WEIRD + NUMBERS + LABELS) for _ in range(rng.randrange(1, 8))))
        else:
            lines.append("".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(0, 60))))
    if rng.random() < 0.002:
        # A long line: amounts and separators repeated (kept to a kilobyte or two so a million inputs stay feasible).
        lines.append(" ".join(pick(rng, NUMBERS) for _ in range(rng.randrange(50, 250))))
    text = "\n".join(lines).encode("utf-8", "surrogatepass")
    return mutate(rng, text) if rng.random() < 0.3 else text


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 8)):
        roll = rng.random()
        position = rng.randrange(len(data) + 1)
        if roll < 0.3 and data:
            data[min(position, len(data) - 1)] = rng.randrange(256)
        elif roll < 0.55:
            data[position:position] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
        elif roll < 0.75 and data:
            del data[position:position + rng.randrange(1, 20)]
        elif data:
            chunk = data[position:position + rng.randrange(1, 40)]
            data[position:position] = chunk * rng.randrange(1, 5)
    return bytes(data)


def amount_value(rng):
    roll = rng.random()
    if roll < 0.6:
        return pick(rng, NUMBERS)
    if roll < 0.75:
        return rng.choice([0, -1, 1.5, 1e300, -1e300, 2 ** 63, 2 ** 64, 12.99, 10 ** 17])
    return rng.choice([None, True, [], {}, "x" * rng.randrange(0, 300)])


def export_document(rng):
    receipts = []
    for index in range(rng.randrange(0, 6)):
        receipt = {"id": rng.choice([f"r{index}", "", " ", None, 7, "r0"]), "currency": rng.choice(["CAD", "JPY", "KWD", "XXX", "cad", "€", "", None, "TOOLONG"]),
                   "purchase_date": pick(rng, DATES) if rng.random() < 0.9 else None,
                   "merchant_name": pick(rng, MERCHANTS + WEIRD), "notes": pick(rng, WEIRD + LABELS)}
        for field in ["subtotal_amount", "tax_amount", "tip_amount", "total_amount"]:
            if rng.random() < 0.7:
                receipt[field] = amount_value(rng)
        receipt["line_items"] = [{"description": pick(rng, LABELS + WEIRD), "quantity": rng.choice(["1", "0.840", "-3", "1e9", "", "x", 2]),
                                  "total": amount_value(rng), "unit_price": amount_value(rng) if rng.random() < 0.5 else None}
                                 for _ in range(rng.randrange(0, 6))]
        if rng.random() < 0.1:
            receipt["image_sha256"] = rng.choice(["ab" * 32, "../../etc/passwd", ""])
        receipts.append(receipt)
    document = {"format": rng.choice(["plutary-receipts"] * 9 + ["other"]), "format_version": rng.choice([1, 1, 1, 2, 0, -1, "1", 10 ** 30]),
                "receipts": receipts}
    if rng.random() < 0.3:
        document["categories"] = [pick(rng, LABELS + WEIRD) for _ in range(rng.randrange(0, 4))]
    if rng.random() < 0.2:
        document["products"] = [{"name": pick(rng, LABELS + WEIRD), "category": rng.choice([None, "Dairy", 3])}]
    data = json.dumps(document, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.05:
        data = b"\xef\xbb\xbf" + data
    elif roll < 0.25:
        data = mutate(rng, data)
    elif roll < 0.28:
        data = data[:rng.randrange(len(data) + 1)]
    elif roll < 0.30:
        depth = rng.randrange(10, 3000)
        data = b'{"format":"plutary-receipts","format_version":1,"receipts":[' + b"[" * depth + b"]" * depth + b"]}"
    return data


def run_batch(plutary, target, inputs, out, tag):
    """Runs one batch to its end, restarting after each crash; returns its figures."""
    stats = {"refused": 0, "crashes": 0, "slowest": (0.0, b"")}
    with tempfile.TemporaryDirectory() as scratch:
        batch = os.path.join(scratch, "batch")
        mark = os.path.join(scratch, "mark")
        with open(batch, "w") as f:
            f.write("\n".join(base64.b64encode(data).decode() for data in inputs))
        start = 0
        while start < len(inputs):
            process = subprocess.run([plutary, "fuzz", target, batch, "--mark", mark, "--from", str(start)],
                                     capture_output=True, text=True)
            if process.returncode == 0:
                result = json.loads(process.stdout.strip().splitlines()[-1])
                stats["refused"] += result["refused"]
                if result["slowest_seconds"] > stats["slowest"][0]:
                    stats["slowest"] = (result["slowest_seconds"], inputs[result["slowest_index"]])
                return stats
            with open(mark) as f:
                index = int(f.read().strip() or start)
            name = os.path.join(out, "crashes", f"{target}-{tag}-{index}")
            os.makedirs(os.path.dirname(name), exist_ok=True)
            with open(name, "wb") as f:
                f.write(inputs[index])
            stats["crashes"] += 1
            print(f"CRASH ({target}, status {process.returncode}): input saved as {name}; {process.stderr.strip().splitlines()[:1]}",
                  flush=True)
            start = index + 1


def main():
    arguments = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arguments.add_argument("plutary")
    arguments.add_argument("--count", type=int, default=1_000_000)
    arguments.add_argument("--seed", type=int, default=18)
    arguments.add_argument("--batch", type=int, default=20_000)
    arguments.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments.add_argument("--only", choices=["parse", "import"])
    arguments.add_argument("--out", default="fuzz-out")
    options = arguments.parse_args()
    crashed = False
    print(f"| target | inputs | refused | crashes | slowest (s) | inputs/s |\n|---|---|---|---|---|---|", flush=True)
    for target, generate in [("parse", receipt_text), ("import", export_document)]:
        if options.only and options.only != target:
            continue
        rng = random.Random(f"{options.seed}-{target}")
        stats = {"refused": 0, "crashes": 0, "slowest": (0.0, b"")}
        began = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            running = []
            for done in range(0, options.count, options.batch):
                inputs = [generate(rng) for _ in range(min(options.batch, options.count - done))]
                running.append(pool.submit(run_batch, options.plutary, target, inputs, options.out, done // options.batch))
                # Generation stays a little ahead of the workers, not a million inputs ahead.
                while sum(not future.done() for future in running) > options.jobs:
                    time.sleep(0.05)
            for future in running:
                result = future.result()
                stats["refused"] += result["refused"]
                stats["crashes"] += result["crashes"]
                if result["slowest"][0] > stats["slowest"][0]:
                    stats["slowest"] = result["slowest"]
        elapsed = time.monotonic() - began
        os.makedirs(options.out, exist_ok=True)
        slowest_file = os.path.join(options.out, f"slowest-{target}")
        with open(slowest_file, "wb") as f:
            f.write(stats["slowest"][1])
        refused = stats["refused"] if target == "import" else "—"
        print(f"| {target} | {options.count} | {refused} | {stats['crashes']} | {stats['slowest'][0]:.3f} ({slowest_file}, "
              f"{len(stats['slowest'][1])} bytes) | {options.count / elapsed:.0f} |", flush=True)
        crashed = crashed or stats["crashes"] > 0
    sys.exit(1 if crashed else 0)


if __name__ == "__main__":
    main()
