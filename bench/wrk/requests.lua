-- wrk script for the benchmarks: cycles through pre-built requests read
-- from a file (one per line: METHOD \t PATH \t HEADERS \t BODY, headers as
-- name\30value pairs separated by \31), so every virtual user's session
-- cookie, XSRF token and target id is used in turn. Prints the result as
-- one JSON line (latencies in microseconds).
local reqs = {}
local idx = 0

function init(args)
  local f = assert(io.open(args[1], "r"))
  for line in f:lines() do
    local method, path, hdrs, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
    local headers = {}
    for pair in hdrs:gmatch("[^\31]+") do
      local k, v = pair:match("^([^\30]*)\30(.*)$")
      if k then headers[k] = v end
    end
    if body == "" then body = nil end
    reqs[#reqs + 1] = wrk.format(method, path, headers, body)
  end
  f:close()
  idx = 0
end

function request()
  idx = idx % #reqs + 1
  return reqs[idx]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nBENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%.1f,"p95":%.1f,"p99":%.1f,"mean":%.1f,"max":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.mean, latency.max))
end
