#!/usr/bin/env python3
"""Reads images with RapidOCR's own Python pipeline (the same three models as ours), one after
the other in one process, and prints each one's text; the benchmark's reference.

usage: rapidocr_read.py MODEL_DIR THREADS IMAGE...
"""
import sys
import time

from rapidocr import RapidOCR

model_dir, threads, images = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
engine = RapidOCR(params={
    "Global.log_level": "critical",
    "Det.model_path": f"{model_dir}/PP-OCRv6_det_small.onnx",
    "Cls.model_path": f"{model_dir}/ch_ppocr_mobile_v2.0_cls_mobile.onnx",
    "Rec.model_path": f"{model_dir}/PP-OCRv6_rec_small.onnx",
    "EngineConfig.onnxruntime.intra_op_num_threads": threads,
    "EngineConfig.onnxruntime.inter_op_num_threads": 1,
})
for image in images:
    start = time.perf_counter()
    result = engine(image)
    print(f"# {image} {time.perf_counter() - start:.3f} s", file=sys.stderr)
    print("\n".join(result.txts or ()))
