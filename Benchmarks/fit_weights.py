#!/usr/bin/env python3
"""Fits the candidate scoring weights on the tuning half of the dev receipts.

usage: fit_weights.py PLUTARY RECEIPTS_DIR CACHE_DIR OUT.swift

Runs `plutary parse --candidates` on the cached OCR text of the tuning half only (even
SROIE numbers, even lines of german-dev/truth.jsonl: score_accuracy.is_tuning), labels each
total candidate by whether it equals the true total, and fits a conditional logit: per
receipt, softmax over its candidates of a linear score, maximising the probability of the
right one, with an L2 penalty so rare features stay small. Receipts with no right
candidate teach nothing and are left out. Writes the weights as Swift (ScoringWeights).
The check half is never read here.
"""
import json
import os
import subprocess
import sys
from decimal import Decimal

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score_accuracy  # noqa: E402

# Penalties on the squared distance to PRIOR, against fitting single receipts; the one used is
# chosen by two-fold cross-validation inside the tuning half.
L2_CHOICES = (0.3, 1.0, 3.0, 10.0)
PRIOR = {
    "keyword": 1.0, "strong_keyword": 0.5, "largest_total": 0.3, "last_total_line": 0.3, "after_payment": -0.5,
    "derived_only": -0.5, "printed_elsewhere": 0.5, "confirmations": 1.5, "tender_minus_change": 0.5,
    "exact_tender": 0.5, "card_tender": 0.5, "below_subtotal": -1.0, "not_cash_rounded": -0.5,
    "one_digit_from_sum": -1.0, "contradicted_by_sum": -1.0,
}


def tuning_truths(root, cache):
    """Cached text path -> true total, tuning half only."""
    truths = {}
    key_dir = os.path.join(root, "sroie-dev", "key")
    for name in sorted(os.listdir(key_dir)):
        if name.endswith(".json") and score_accuracy.is_tuning(int(name[:-5])):
            with open(os.path.join(key_dir, name), encoding="utf-8") as handle:
                truths[os.path.join(cache, "sroie", name[:-5] + ".txt")] = score_accuracy.to_decimal(json.load(handle)["total"])
    with open(os.path.join(root, "german-dev", "truth.jsonl"), encoding="utf-8") as handle:
        for position, line in enumerate(l for l in handle if l.strip()):
            if score_accuracy.is_tuning(position):
                truth = json.loads(line)
                name = os.path.basename(truth["file"])[:-4] + ".txt"
                truths[os.path.join(cache, "german", name)] = score_accuracy.to_decimal(truth["total"])
    return {path: total for path, total in truths.items() if os.path.exists(path)}


def main(argv):
    if len(argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    binary, root, cache, out = argv[1:]
    truths = tuning_truths(root, cache)
    run = subprocess.run([binary, "parse", "--candidates", *sorted(truths)], capture_output=True, text=True, check=True)
    groups = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        if record["field"] == "total":
            groups.setdefault(record["source"], []).append(record)
    names = sorted({name for group in groups.values() for record in group for name in record["features"]})
    receipts = []
    for source, group in groups.items():
        labels = np.array([Decimal(r["value"]) == truths[source] for r in group], dtype=float)
        if labels.sum() == 0:
            continue
        features = np.array([[r["features"].get(name, 0.0) for name in names] for r in group])
        receipts.append((features, labels / labels.sum()))

    prior = np.array([PRIOR.get(name, 0.0) for name in names])

    def fit(subset, l2):
        def loss(weights):
            total, gradient = l2 * (weights - prior) @ (weights - prior), 2 * l2 * (weights - prior)
            for features, labels in subset:
                scores = features @ weights
                scores -= scores.max()
                probabilities = np.exp(scores) / np.exp(scores).sum()
                total -= labels @ np.log(probabilities + 1e-12)
                gradient += features.T @ (probabilities - labels)
            return total, gradient
        return minimize(loss, prior.copy(), jac=True, method="L-BFGS-B").x

    def ranked_first(subset, weights):
        return sum(1 for features, labels in subset if labels[int(np.argmax(features @ weights))] > 0)

    folds = (receipts[0::2], receipts[1::2])
    cv = {l2: ranked_first(folds[1], fit(folds[0], l2)) + ranked_first(folds[0], fit(folds[1], l2)) for l2 in L2_CHOICES}
    l2 = max(L2_CHOICES, key=lambda choice: (cv[choice], choice))
    print("two-fold cross-validation inside the tuning half (right totals ranked first): "
          + ", ".join("L2 %g: %d" % item for item in cv.items()) + "; using L2 %g" % l2)
    chosen = fit(receipts, l2)
    weights = dict(zip(names, np.round(chosen, 3)))
    right = ranked_first(receipts, chosen)
    print("tuning receipts: %d, with a right candidate: %d, ranked first after the fit: %d" % (len(groups), len(receipts), right))
    print("| feature | weight |\n|---|---:|")
    for name in names:
        print("| %s | %+.3f |" % (name, weights[name]))
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("// Generated by Benchmarks/fit_weights.py (`make fit`) from the tuning half of the\n"
                     "// development receipts; do not edit by hand. Features: see TotalCandidates.\n"
                     "enum ScoringWeights {\n    static let total: [String: Double] = [\n")
        for name in names:
            handle.write('        "%s": %s,\n' % (name, repr(float(weights[name]))))
        handle.write("    ]\n}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
