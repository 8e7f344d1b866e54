-- Ends a live order and gives its seats back to the gate, once per order whatever the path.
-- KEYS[1]  inventory:{e}:order:<orderId>   KEYS[2]  inventory:{e}:available
-- KEYS[3]  inventory:{e}:live-holds         KEYS[4]  inventory:{e}:outbox
-- KEYS[5]  inventory:{e}:hold-timer:<orderId>
-- ARGV[1]  mode: 'RELEASE' (booking released the order: cancelled, expired, payment failed; from
--          PENDING or HELD), 'REFUSE' (allocation refused; from PENDING), 'TIMEOUT' (no reply in time;
--          from PENDING, also appends CancelAllocation and forgets the idempotency key), 'LATE' (the
--          answer would reach the gateway after it gave up: as TIMEOUT, also from HELD, unless a replay of
--          the order was answered 201 in time: the record's 'answered' field, see answered.lua), 'ABANDON'
--          (the place script's answer was lost: as LATE; and when the gate has no record of the order yet,
--          a tombstone record that place.lua refuses to place over)
-- ARGV[2]  order id           ARGV[3]  event id        ARGV[4]  key prefix inventory:{e}:
-- ARGV[5]  record TTL in seconds (how long the ended order's record is kept)
-- ARGV[6]  reason recorded on the order (and sent in CancelAllocation)
-- ARGV[7]  occurredAt (ISO-8601 UTC)       ARGV[8]  inventory topic  ARGV[9]  id of an AvailabilityChanged message
-- ARGV[10] commands topic                  ARGV[11] id of the CancelAllocation message
-- Returns  {'ENDED', new state, available after}   RELEASED, REFUSED or TIMED_OUT, applied now
--          {'UNCHANGED', state}   the order is not in a state this mode ends (ended before: nothing changed)
--          {'UNKNOWN'}            the gate has no record of the order: nothing changed
--          {'TOMBSTONE'}          ABANDON only: no record yet; the order id can no longer be placed
-- Invariant: the counter goes up by the order's quantity exactly once per order (only a PENDING or
-- HELD order ends, and ending it records the final state in the same step); a seat claim and the
-- session's live order are removed only while they still name this order. Keys named by the record
-- (claims, session, idempotency key), the pending index and the live set are built from ARGV[4], the event's hash tag:
-- same slot as KEYS.
-- AvailabilityChanged is appended on every release, with the counter it leaves: the waiting room admits no
-- more buyers than the free seats it was told of, so a counter that rose unannounced would starve the line.
local mode = ARGV[1]
local recordTtl = tonumber(ARGV[5])
if (mode ~= 'RELEASE' and mode ~= 'REFUSE' and mode ~= 'TIMEOUT' and mode ~= 'LATE' and mode ~= 'ABANDON')
    or not recordTtl or recordTtl < 1 then
  return redis.error_reply('release: unknown mode or bad record TTL')
end
local record = redis.call('HMGET', KEYS[1], 'state', 'quantity', 'seats', 'session', 'idempotency', 'answered')
local state = record[1]
if not state then
  if mode == 'ABANDON' then
    redis.call('HSET', KEYS[1], 'state', 'TIMED_OUT', 'quantity', 0, 'reason', ARGV[6])
    redis.call('EXPIRE', KEYS[1], recordTtl)
    return {'TOMBSTONE'}
  end
  return {'UNKNOWN'}
end
if not (state == 'PENDING' or (state == 'HELD' and (mode == 'RELEASE' or mode == 'LATE' or mode == 'ABANDON'))) then
  return {'UNCHANGED', state}
end
if (mode == 'LATE' or mode == 'ABANDON') and record[6] == '1' then
  return {'UNCHANGED', state}
end
local quantity = tonumber(record[2])
if not quantity or quantity < 1 then
  return redis.error_reply('release: order record without quantity')
end

local ended = 'RELEASED'
if mode == 'REFUSE' then
  ended = 'REFUSED'
elseif mode == 'TIMEOUT' or mode == 'LATE' or mode == 'ABANDON' then
  ended = 'TIMED_OUT'
end
local available = redis.call('INCRBY', KEYS[2], quantity)
local liveHolds = tonumber(redis.call('GET', KEYS[3]) or '0')
if liveHolds > 0 then
  liveHolds = redis.call('DECR', KEYS[3])
end
if record[3] and record[3] ~= '' then
  for seat in string.gmatch(record[3], '[^,]+') do
    local claim = ARGV[4] .. 'seat:' .. seat
    if redis.call('GET', claim) == ARGV[2] then
      redis.call('DEL', claim)
    end
  end
end
local session = ARGV[4] .. 'session:' .. record[4]
if redis.call('GET', session) == ARGV[2] then
  redis.call('DEL', session)
end
redis.call('DEL', KEYS[5])
if mode == 'TIMEOUT' or mode == 'LATE' or mode == 'ABANDON' then
  -- the key's value is '<order id>|<fingerprint>': forget it only while it still names this order
  local named = record[5] and record[5] ~= '' and redis.call('GET', record[5])
  if named and (named == ARGV[2] or string.sub(named, 1, #ARGV[2] + 1) == ARGV[2] .. '|') then
    redis.call('DEL', record[5])
  end
  local cancel = string.format('{"orderId":"%s","eventId":"%s","reason":"%s"}', ARGV[2], ARGV[3], ARGV[6])
  redis.call('XADD', KEYS[4], '*', 'topic', ARGV[10], 'key', ARGV[2], 'eventId', ARGV[11],
    'eventType', 'CancelAllocation', 'occurredAt', ARGV[7], 'payload', cancel)
end
redis.call('ZREM', ARGV[4] .. 'pending', ARGV[2])
redis.call('SREM', ARGV[4] .. 'live', ARGV[2])
redis.call('HSET', KEYS[1], 'state', ended, 'reason', ARGV[6])
redis.call('EXPIRE', KEYS[1], recordTtl)
local payload = string.format('{"eventId":"%s","available":%d,"liveHolds":%d,"soldOut":false}',
  ARGV[3], available, liveHolds)
redis.call('XADD', KEYS[4], '*', 'topic', ARGV[8], 'key', ARGV[3], 'eventId', ARGV[9],
  'eventType', 'AvailabilityChanged', 'occurredAt', ARGV[7], 'payload', payload)
return {'ENDED', ended, available}
