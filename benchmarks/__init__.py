"""Kreidetafel's benchmark suite: ``benchmarks/run`` (see docs/benchmarks.md). Not app code."""
