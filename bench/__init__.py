"""Benchmarks and measurements of the service (run from the checkout: ``python -m bench.NAME``)."""
