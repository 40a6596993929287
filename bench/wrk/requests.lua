-- wrk script for the benchmarks: cycles through pre-built requests read
-- from a file (one per line: METHOD \t PATH \t HEADERS \t BODY, headers as
-- name\30value pairs separated by \31), so every virtual user's session
-- cookie, XSRF token and target id is used in turn. Prints the result as
-- one JSON line (latencies in microseconds).
--
-- Optional arguments after the file: <connections> <hold_ms>. Each of the
-- first <connections> requests (one per connection: wrk opens them all at
-- start) is held back <hold_ms>, so every connection is open and accepted
-- by the server before the load starts. Without it the measured window
-- begins with a burst of new connections into a saturated server, and
-- libuv accepts one connection per event-loop iteration (libuv PR #3696,
-- Node >= 20): at c = 100 the last connection's first request waited up
-- to 3 s, which is connection setup, not the steady state that the
-- latency goals are about. The caller subtracts <hold_ms> from the
-- duration when computing the rate.
local reqs = {}
local idx = 0
local hold_n = 0
local hold_ms = 0
local held = 0

function init(args)
  hold_n = tonumber(args[2] or "0") or 0
  hold_ms = tonumber(args[3] or "0") or 0
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
  -- wrk looks for delay() after init, so only runs that hold pay for it
  -- (a 0 ms timer per request afterwards).
  if hold_n > 0 then
    function delay()
      if held < hold_n then
        held = held + 1
        return hold_ms
      end
      return 0
    end
  end
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
