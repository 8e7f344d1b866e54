-- Joins a session to an event's waiting room, or reads where it stands; one round trip either way.
-- KEYS[1] queue:{e}:event       hash: saleState, saleOpensAt, capacity (absent: unknown event)
-- KEYS[2] queue:{e}:opening     hash: state = sealed | open (absent: not opened yet)
-- KEYS[3] queue:{e}:line        zset of waiting sessions, head = lowest score
-- KEYS[4] queue:{e}:pre         zset of sessions that joined before the opening
-- KEYS[5] queue:{e}:seq         arrival sequence
-- KEYS[6] queue:{e}:admissions  hash: session -> admissionId:expiresAtEpochSeconds
-- KEYS[7] queue:{e}:availability hash: soldOut = 1 once nothing can come back
-- KEYS[8] queue:{e}:settings    hash: maxAdmitPerSecond (operator's)
-- KEYS[9] queue:{e}:stats       hash: rate (measured admissions per second)
-- ARGV[1] session id   ARGV[2] 'join' or 'status'   ARGV[3] default maxAdmitPerSecond
-- Returns {status, position, size, admissionId, expiresAtEpochSeconds, rate, maxAdmitPerSecond, place,
--   saleOpensAt}
--   where status is UNKNOWN_EVENT | NOT_IN_QUEUE | NOT_OPEN | WAITING | ADMITTED | SOLD_OUT, position is
--   1-based among the waiting (0 if none), size is the line's length (WAITING) or the pre-queue's
--   (NOT_OPEN), and place the session's permanent place in line (its score; WAITING only, else 0):
--   the pump admits in place order, so position = place - servingThrough; saleOpensAt is the event's
--   (ISO-8601, as the catalog recorded it) for NOT_OPEN, else '' (also when never recorded).
-- Invariants: a session is in at most one of pre-queue and line, at most once (joining again,
--   however concurrently, changes nothing); a session with a live admission is never queued again;
--   joins after the opening started queue behind every pre-queue joiner, in arrival order.
local session = ARGV[1]
local joining = ARGV[2] == 'join'
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {'UNKNOWN_EVENT', 0, 0, '', 0, '0', 0}
end
local rate = redis.call('HGET', KEYS[9], 'rate') or '0'
local maxRate = tonumber(redis.call('HGET', KEYS[8], 'maxAdmitPerSecond') or ARGV[3])
local function answer(status, position, size, admissionId, expiresAt, place, saleOpensAt)
  return {status, position, size, admissionId or '', expiresAt or 0, rate, maxRate, place or 0, saleOpensAt or ''}
end

local now = tonumber(redis.call('TIME')[1])
local admission = redis.call('HGET', KEYS[6], session)
if admission then
  local id, expiresAt = string.match(admission, '^([^:]+):(%d+)$')
  if tonumber(expiresAt) > now then
    return answer('ADMITTED', 0, 0, id, tonumber(expiresAt))
  end
end

local event = redis.call('HMGET', KEYS[1], 'saleState', 'saleOpensAt')
local saleState = event[1]
local soldOut = redis.call('HGET', KEYS[7], 'soldOut') == '1' or saleState == 'SOLD_OUT' or saleState == 'CLOSED'
local openingState = redis.call('HGET', KEYS[2], 'state')

local function notOpen()
  return answer('NOT_OPEN', 0, redis.call('ZCARD', KEYS[4]), nil, nil, nil, event[2])
end

local function waiting(rank)
  local ahead = 0
  if openingState == 'sealed' then
    ahead = redis.call('ZCARD', KEYS[4])
  end
  local place = tonumber(redis.call('ZSCORE', KEYS[3], session))
  return answer('WAITING', rank + 1 + ahead, redis.call('ZCARD', KEYS[3]) + ahead, nil, nil, place)
end

local rank = redis.call('ZRANK', KEYS[3], session)
if rank then
  if soldOut then return answer('SOLD_OUT', 0, 0) end
  return waiting(rank)
end
if redis.call('ZSCORE', KEYS[4], session) then
  if soldOut then return answer('SOLD_OUT', 0, 0) end
  return notOpen()
end
if not joining then
  return answer('NOT_IN_QUEUE', 0, 0)
end
if soldOut then
  return answer('SOLD_OUT', 0, 0)
end
local sequence = redis.call('INCR', KEYS[5])
if openingState then
  redis.call('ZADD', KEYS[3], sequence, session)
  return waiting(redis.call('ZRANK', KEYS[3], session))
end
redis.call('ZADD', KEYS[4], sequence, session)
return notOpen()
