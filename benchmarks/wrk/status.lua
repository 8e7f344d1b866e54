-- wrk script: GET /api/queue/{event}/status, each request with the next buyer's session token.
-- Usage (after ./onsale bench waiting-room --tokens-out=/tmp/onsale-tokens):
--   TOKENS=/tmp/onsale-tokens wrk -t2 -c5000 -d20s --latency -s benchmarks/wrk/status.lua http://localhost:8080
-- The first line of the file is the event id, every further line a session token.
local event, tokens, next = nil, {}, 1
local file = assert(io.open(os.getenv("TOKENS") or "/tmp/onsale-tokens"))
for line in file:lines() do
  if event == nil then event = line else tokens[#tokens + 1] = line end
end
file:close()
local statuses = {}

function init(args)
  next = math.random(#tokens)
end

function request()
  next = next % #tokens + 1
  return wrk.format("GET", "/api/queue/" .. event .. "/status",
    { ["Authorization"] = "Bearer " .. tokens[next] })
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
