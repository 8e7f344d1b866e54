-- wrk script of the holds benchmark: every buyer's hold, once, all at once.
-- Arguments (after --): the buyers file (one line a buyer: session token, admission token and the hold's body,
-- tab-separated), how many threads wrk runs, and the holds path.
-- Each connection sends one buyer's hold; once its thread's buyers are all sent, a connection asking for another
-- request gets none (an empty write, so it only waits), and the thread stops when every hold it sent is answered,
-- printing "holds-thread-done" (wrk itself runs for its -d: the benchmark interrupts it once every thread is done).
-- done() prints the answers by status and problem, the time from the first hold sent to the last answered, and wrk's
-- latency percentiles.

local ffi = require("ffi")
ffi.cdef [[
   typedef struct { long seconds; long nanoseconds; } holds_timespec;
   int clock_gettime(int clock, holds_timespec *time);
]]
local CLOCK_MONOTONIC = 1

local function micros()
   local time = ffi.new("holds_timespec")
   ffi.C.clock_gettime(CLOCK_MONOTONIC, time)
   return tonumber(time.seconds) * 1000000 + math.floor(tonumber(time.nanoseconds) / 1000)
end

local threads = {}

function setup(thread)
   table.insert(threads, thread)
   thread:set("index", #threads)
end

local buyers = {}
local next_buyer = 1
local answered = 0
answers = {}  -- a global: done() reads it from each thread (thread:get)
local path

function init(args)
   local file, thread_count = args[1], tonumber(args[2])
   path = args[3]
   local lines = 0
   for _ in io.lines(file) do
      lines = lines + 1
   end
   -- each thread a block of consecutive buyers, so that every thread sends the run's mix of asks
   local first, last = math.ceil(lines / thread_count) * (index - 1), math.ceil(lines / thread_count) * index - 1
   local line_number = 0
   for line in io.lines(file) do
      if line_number >= first and line_number <= last then
         local session, admission, body = line:match("^([^\t]*)\t([^\t]*)\t(.*)$")
         table.insert(buyers, { session = session, admission = admission, body = body })
      end
      line_number = line_number + 1
   end
end

-- wrk calls the first thread's request() once before the run, to see how many requests it returns, and never sends
-- that one: it must not use up a buyer
local checked = false

function request()
   local buyer = buyers[next_buyer]
   if buyer == nil then
      return ""
   end
   if index == 1 and not checked then
      checked = true
   else
      next_buyer = next_buyer + 1
      first_sent = first_sent or micros()
   end
   return wrk.format("POST", path, {
      ["Authorization"] = "Bearer " .. buyer.session,
      ["X-Admission-Token"] = buyer.admission,
      ["Content-Type"] = "application/json",
   }, buyer.body)
end

function response(status, headers, body)
   local answer = tostring(status)
   if status >= 400 then
      local problem = body:match('"type"%s*:%s*"[^"]-([%w%-]+)"')
      if problem then
         answer = answer .. " " .. problem
      end
   end
   answers[answer] = (answers[answer] or 0) + 1
   answered = answered + 1
   if answered == #buyers then
      last_answered = micros()
      io.write("holds-thread-done\n")
      io.flush()
      wrk.thread:stop()
   end
end

function done(summary, latency, requests)
   local totals = {}
   local first, last, all_answered = nil, nil, true
   for _, thread in ipairs(threads) do
      for answer, count in pairs(thread:get("answers")) do
         totals[answer] = (totals[answer] or 0) + count
      end
      local sent, answered_at = thread:get("first_sent"), thread:get("last_answered")
      if sent and (first == nil or sent < first) then
         first = sent
      end
      if answered_at == nil then
         all_answered = false
      elseif last == nil or answered_at > last then
         last = answered_at
      end
   end
   -- with a hold still unanswered when wrk ended, the run lasted wrk's whole run
   local duration = summary.duration
   if first and last and all_answered then
      duration = last - first
   end
   io.write(string.format("holds-run %d %d\n", summary.requests, duration))
   for answer, count in pairs(totals) do
      io.write(string.format("holds-answer %d %s\n", count, answer))
   end
   for percent = 1, 99 do
      io.write(string.format("holds-latency %d %d\n", percent, latency:percentile(percent)))
   end
   io.write(string.format("holds-latency 100 %d\n", latency.max))
   local errors = summary.errors
   io.write(string.format("holds-errors %d %d %d %d\n", errors.connect, errors.read, errors.write, errors.timeout))
end
