-- Relays the expiry of an order's hold timer as HoldTimerExpired, once per order.
-- KEYS[1]  inventory:{e}:order:<orderId>   KEYS[2]  inventory:{e}:outbox
-- ARGV[1]  order id     ARGV[2]  event id     ARGV[3]  expiredAt (ISO-8601 UTC)
-- ARGV[4]  inventory topic                    ARGV[5]  id of the HoldTimerExpired message
-- Returns  'APPENDED' | 'DUPLICATE' (another subscriber relayed it) | 'UNKNOWN' (no record: nothing to tell)
-- Invariant: every replica receives the notification; the record's timerExpired flag (HSETNX) lets
-- exactly one of them append. Booking decides whether the order really expired.
local state = redis.call('HGET', KEYS[1], 'state')
if not state then
  return 'UNKNOWN'
end
if redis.call('HSETNX', KEYS[1], 'timerExpired', ARGV[3]) == 0 then
  return 'DUPLICATE'
end
local payload = string.format('{"eventId":"%s","orderId":"%s","expiredAt":"%s"}', ARGV[2], ARGV[1], ARGV[3])
redis.call('XADD', KEYS[2], '*', 'topic', ARGV[4], 'key', ARGV[2], 'eventId', ARGV[5],
  'eventType', 'HoldTimerExpired', 'occurredAt', ARGV[3], 'payload', payload)
return 'APPENDED'
