#!/usr/bin/env python3
"""Score `plutary scan --json` output against the dev receipt sets.

usage: score_accuracy.py [--json] [--scanned] RECEIPTS_DIR [RESULTS.jsonl]   (results on stdin when no file)
--json prints the raw counts instead of the markdown table.
--scanned scores only the receipts that have a result (one half of a set, a sample).

RESULTS: JSON Lines, one object per scanned image, with `source` (the image path),
`merchant_name`, `purchase_date`, `total_amount`, `line_items`.
RECEIPTS_DIR: the folder holding sroie-dev/ and german-dev/ (see its README.md).
Scoring follows that README: total = exact decimal equality; date = exact after
normalising both to YYYY-MM-DD; merchant = SROIE company upper-cased with whitespace
collapsed, exact and fuzzy (difflib ratio >= 0.8), German chain name found
case-insensitively; items = number of purchased line items (German).
Receipts of a set without a result count as misses, unless --scanned. Standard library only.
"""
import difflib
import json
import os
import re
import sys
from decimal import Decimal, InvalidOperation

MONTHS = {m: i + 1 for i, m in enumerate(
    ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"])}


def to_decimal(value):
    """Decimal of an amount string ("12.50", "$8.20", "RM 9.00"); None when absent or unreadable."""
    if value is None:
        return None
    text = re.sub(r"[^0-9.\-]", "", str(value).replace(",", "."))
    try:
        return Decimal(text) if text else None
    except InvalidOperation:
        return None


def normalise_date(value, day_first=True):
    """YYYY-MM-DD from the receipt formats in the sets (25/12/2018, 25-12-18, 25 DEC 2018, 2018-12-25, 25032018)."""
    if not value:
        return None
    parts = [p for p in re.split(r"[\s/.\-]+", str(value).strip().upper()) if p]
    # Eight digits as some tills print them: 20180304 (year first) or 25032018 (day first).
    if len(parts) == 1 and re.fullmatch(r"\d{8}", parts[0]):
        digits = parts[0]
        parts = [digits[:4], digits[4:6], digits[6:]] if digits[:2] in ("19", "20") else [digits[:2], digits[2:4], digits[4:]]
    if len(parts) != 3:
        return None
    try:
        if len(parts[0]) == 4:
            year, month, day = int(parts[0]), int(parts[1]), int(parts[2])
        else:
            day, year = int(parts[0]), int(parts[2])
            month = int(parts[1]) if parts[1].isdigit() else MONTHS.get(parts[1][:3])
            if month is None:
                return None
            if not day_first:
                day, month = month, day
            if year < 100:
                year += 2000
        return "%04d-%02d-%02d" % (year, month, day)
    except ValueError:
        return None


def collapse(text):
    return " ".join(str(text or "").upper().split())


def load_results(stream):
    results = {}
    for line in stream:
        line = line.strip()
        if not line:
            continue
        record = json.loads(line)
        source = record.get("source") or ""
        results[os.path.basename(source)] = record
    return results


def is_tuning(position):
    """The tuning half: even-numbered SROIE receipts and even lines of truth.jsonl (0-based);
    the odd ones are the check half, never tuned on."""
    return position % 2 == 0


DATE_TOKEN = re.compile(r"\d{1,4}\s?[/.\-]\s?(?:\d{1,2}|[A-Za-z]{3})\s?[/.\-]\s?\d{2,4}|\d{8}|\d{1,2}\s[A-Za-z]{3,9}\s\d{2,4}")


def date_in_text(text, truth_date):
    """Whether the OCR text prints the true date in a form the rules above read: how far a
    parser could get at all, to tell OCR damage from parsing errors between the halves."""
    return any(normalise_date(token) == truth_date or normalise_date(token.replace(" ", "")) == truth_date
               for token in DATE_TOKEN.findall(text or ""))


def score_sroie(root, results, half=None, scanned_only=False):
    """half: None for every receipt, "tune" or "check" for one half; scanned_only: skip receipts without a result."""
    counts = {"n": 0, "total": 0, "date": 0, "date_in_text": 0, "exact": 0, "fuzzy": 0}
    key_dir = os.path.join(root, "sroie-dev", "key")
    for name in sorted(os.listdir(key_dir)):
        if not name.endswith(".json"):
            continue
        if half is not None and is_tuning(int(name[:-5])) != (half == "tune"):
            continue
        with open(os.path.join(key_dir, name), encoding="utf-8") as handle:
            key = json.load(handle)
        result = results.get(name[:-5] + ".jpg")
        if result is None and scanned_only:
            continue
        counts["n"] += 1
        if result is None:
            continue
        truth_total = to_decimal(key.get("total"))
        if truth_total is not None and to_decimal(result.get("total_amount")) == truth_total:
            counts["total"] += 1
        truth_date = normalise_date(key.get("date"))
        if truth_date is not None and normalise_date(result.get("purchase_date")) == truth_date:
            counts["date"] += 1
        if truth_date is not None and date_in_text(result.get("ocr_text"), truth_date):
            counts["date_in_text"] += 1
        merchant, company = collapse(result.get("merchant_name")), collapse(key.get("company"))
        if merchant == company:
            counts["exact"] += 1
        if difflib.SequenceMatcher(None, merchant, company).ratio() >= 0.8:
            counts["fuzzy"] += 1
    return counts


def score_german(root, results, half=None, scanned_only=False):
    """items: receipts whose item count is exact; prices: items with a price read, at most
    the true count per receipt, over all true items (prices_n)."""
    counts = {"n": 0, "total": 0, "date": 0, "chain": 0, "items": 0, "items_n": 0, "prices": 0, "prices_n": 0}
    with open(os.path.join(root, "german-dev", "truth.jsonl"), encoding="utf-8") as handle:
        truths = [json.loads(line) for line in handle if line.strip()]
    for position, truth in enumerate(truths):
        if half is not None and is_tuning(position) != (half == "tune"):
            continue
        result = results.get(os.path.basename(truth["file"]))
        if result is None and scanned_only:
            continue
        counts["n"] += 1
        if truth.get("items") is not None:
            counts["items_n"] += 1
            counts["prices_n"] += truth["items"]
        if result is None:
            continue
        if to_decimal(result.get("total_amount")) == to_decimal(truth.get("total")):
            counts["total"] += 1
        if normalise_date(result.get("purchase_date")) == normalise_date(truth.get("date")):
            counts["date"] += 1
        if truth["merchant"].lower() in str(result.get("merchant_name") or "").lower():
            counts["chain"] += 1
        items = result.get("line_items") or []
        if truth.get("items") is not None and len(items) == truth["items"]:
            counts["items"] += 1
        if truth.get("items") is not None:
            priced = sum(1 for item in items if (to_decimal(item.get("total")) or 0) != 0)
            counts["prices"] += min(priced, truth["items"])
    return counts


def percent(hits, total):
    return "-" if total == 0 else "%.1f %% (%d/%d)" % (100.0 * hits / total, hits, total)


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    as_json, scanned_only = "--json" in argv, "--scanned" in argv
    argv = [a for a in argv if a not in ("--json", "--scanned")]
    root = argv[1]
    if len(argv) > 2:
        with open(argv[2], encoding="utf-8") as handle:
            results = load_results(handle)
    else:
        results = load_results(sys.stdin)
    sroie, german = score_sroie(root, results, scanned_only=scanned_only), score_german(root, results, scanned_only=scanned_only)
    if as_json:
        print(json.dumps({"sroie": sroie, "german": german}))
        return 0
    print("| set | receipts | total | date | merchant exact | merchant fuzzy / chain | items |")
    print("|---|---|---|---|---|---|---|")
    print("| sroie-dev | %d | %s | %s | %s | %s | - |" % (
        sroie["n"], percent(sroie["total"], sroie["n"]), percent(sroie["date"], sroie["n"]),
        percent(sroie["exact"], sroie["n"]), percent(sroie["fuzzy"], sroie["n"])))
    print("| german-dev | %d | %s | %s | - | %s | %s |" % (
        german["n"], percent(german["total"], german["n"]), percent(german["date"], german["n"]),
        percent(german["chain"], german["n"]), percent(german["items"], german["items_n"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
