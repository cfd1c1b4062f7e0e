-- wrk reports its summary as one JSON line "BENCH-JSON {...}" for benchmarks/load.py.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH-JSON {"requests": %d, "duration_us": %d, "bytes": %d, "p50_us": %d, "p99_us": %d, '
      .. '"max_us": %d, "errors": %d}\n',
    summary.requests, summary.duration, summary.bytes, math.floor(latency:percentile(50)),
    math.floor(latency:percentile(99)), latency.max,
    e.connect + e.read + e.write + e.status + e.timeout))
end
