// The buyer's pages before checkout: the events (/), one event (/events/{eventId}) and, once admitted,
// choosing seats or a quantity (/events/{eventId}/admitted). A browser that already has a live order for the event
// is taken to it instead of starting another. Needs site.js.
(function () {
  'use strict';

  var SEATS_REFRESH_MS = 5000;

  // ---- pure rules -------------------------------------------------------------------------------

  /** The seats grouped for drawing: [{section, rows: [{row, seats: [...]}]}], in the order the API lists them. */
  function seatMap(seats) {
    var sections = [];
    var bySection = {};
    seats.forEach(function (seat) {
      var section = bySection[seat.section];
      if (!section) {
        section = bySection[seat.section] = { section: seat.section, rows: [], byRow: {} };
        sections.push(section);
      }
      var row = section.byRow[seat.row];
      if (!row) {
        row = section.byRow[seat.row] = { row: seat.row, seats: [] };
        section.rows.push(row);
      }
      row.seats.push(seat);
    });
    return sections;
  }

  /** The chosen seats after a click on `seatId`: toggled, unless that would exceed `maxPerOrder`. */
  function toggle(chosen, seatId, maxPerOrder) {
    if (chosen.indexOf(seatId) >= 0) {
      return { chosen: chosen.filter(function (id) { return id !== seatId; }), refused: false };
    }
    if (chosen.length >= maxPerOrder) {
      return { chosen: chosen, refused: true };
    }
    return { chosen: chosen.concat([seatId]), refused: false };
  }

  /** Every state but SCHEDULED, whose words name the opening (saleInWords). */
  var SALE_WORDS = {
    OPEN: 'on sale now', PAUSED: 'paused for a moment', HALTED: 'stopped by the organiser',
    SOLD_OUT: 'sold out', CLOSED: 'closed'
  };

  /** The sale's state in words; `when` formats the opening. */
  function saleInWords(event, when) {
    return event.saleState === 'SCHEDULED' ? 'opens ' + when(event.saleOpensAt) : SALE_WORDS[event.saleState];
  }

  var rules = { seatMap: seatMap, toggle: toggle, saleInWords: saleInWords };
  if (typeof module === 'object' && module.exports) {
    module.exports = rules;
  }
  if (typeof document === 'undefined') {
    return;
  }

  // ---- the pages --------------------------------------------------------------------------------

  var O = window.Onsale;
  var call = O.call, element = O.element, say = O.say, make = O.make, when = O.when, money = O.money;
  var load = O.load, save = O.save, liveOrder = O.liveOrder, problemText = O.problemText, newKey = O.newKey;
  var timeLeft = O.timeLeft, orderKey = O.orderKey;

  async function eventsPage() {
    var reply = await call('GET', '/api/events');
    if (reply.status !== 200) {
      say(problemText(reply));
      return;
    }
    say(reply.body.length ? '' : 'Nothing is on sale right now.');
    reply.body.forEach(function (event) {
      var card = make('li', undefined, 'card');
      var link = make('a', event.name);
      link.href = '/events/' + encodeURIComponent(event.eventId);
      var heading = make('h2');
      heading.appendChild(link);
      card.appendChild(heading);
      card.appendChild(make('p', event.venue + ' · ' + when(event.startsAt)));
      card.appendChild(make('p', 'Sale: ' + saleInWords(event, when), 'state'));
      element('events').appendChild(card);
    });
  }

  async function eventPage(eventId) {
    var reply = await call('GET', '/api/events/' + encodeURIComponent(eventId));
    if (reply.status !== 200) {
      say(reply.status === 404 ? 'There is no such event. Check the link you followed.' : problemText(reply));
      return;
    }
    var event = reply.body;
    document.title = event.name + ' — Onsale';
    element('name').textContent = event.name;
    element('venue').textContent = event.venue;
    element('starts').textContent = when(event.startsAt);
    element('sale').textContent = saleInWords(event, when);
    element('per-order').textContent = 'at most ' + event.maxPerOrder + ' tickets';
    element('details').hidden = false;
    var availability = await call('GET', '/api/events/' + encodeURIComponent(eventId) + '/availability');
    var soldOut = event.saleState === 'SOLD_OUT' || (availability.status === 200 && availability.body.soldOut);
    element('available').textContent = soldOut ? 'none: sold out'
        : availability.status === 200 ? String(availability.body.available) : 'not known right now';
    var live = await liveOrder(eventId);
    if (live) {
      element('live-order-link').href = '/orders/' + encodeURIComponent(live.orderId);
      element('live-order').hidden = false;
    }
    var joinable = !soldOut && event.saleState !== 'CLOSED' && !live;
    element('join-link').href = '/wait/' + encodeURIComponent(eventId);
    element('join').hidden = !joinable;
    say(soldOut ? 'Sold out. Every ticket for this event has been sold.'
        : event.saleState === 'CLOSED' ? 'This sale has closed.' : '');
  }

  async function admittedPage(eventId) {
    element('rejoin-link').href = '/wait/' + encodeURIComponent(eventId);
    var live = await liveOrder(eventId);
    if (live) {
      say('You already have an order in progress. Taking you to it…');
      window.location.replace('/orders/' + encodeURIComponent(live.orderId));
      return;
    }
    var admission = load('onsale.admission.' + eventId);
    var expiresAt = admission ? Date.parse(admission.admissionExpiresAt) : NaN;
    function expired() {
      element('countdown').hidden = true;
      element('choose').hidden = true;
      element('rejoin').hidden = false;
      document.querySelector('h1').textContent = 'No admission';
      say(admission ? 'Your admission has expired. Join the waiting room again.'
          : 'This browser holds no admission for this event. Join the waiting room first.');
    }
    function countdown() {
      var left = timeLeft(expiresAt, Date.now());
      if (left === null) {
        expired();
        return false;
      }
      element('countdown').textContent = 'Admission: ' + left + ' left to choose';
      return true;
    }
    if (!countdown()) {
      return;
    }
    say('You are in. Your admission is valid until ' + new Date(expiresAt).toLocaleTimeString() + '.');
    element('countdown').hidden = false;
    var timer = setInterval(function () {
      if (!countdown()) {
        clearInterval(timer);
      }
    }, 1000);
    var reply = await call('GET', '/api/events/' + encodeURIComponent(eventId));
    if (reply.status !== 200) {
      element('problem').textContent = problemText(reply);
      return;
    }
    chooseSeats(eventId, reply.body, admission.admissionToken);
  }

  /** The seat map (seated events) or the quantity alone (general admission), and the hold. */
  function chooseSeats(eventId, event, admissionToken) {
    var chosen = [];
    var seats = {};
    var holding = false;
    var holdKey = newKey();
    element('choose').hidden = false;
    element('limit').textContent = 'At most ' + event.maxPerOrder + ' tickets per order. Once held, your seats are '
        + 'yours for ' + Math.round(event.holdTtlSeconds / 60 * 10) / 10 + ' minutes while you pay.';
    for (var n = 1; n <= event.maxPerOrder; n++) {
      var option = make('option', String(n));
      option.value = String(n);
      element('quantity').appendChild(option);
    }
    element('best-available').textContent = event.seated ? 'Best available' : 'Hold tickets';
    element('best-form').addEventListener('submit', function (submitted) {
      submitted.preventDefault();
      hold({ quantity: parseInt(element('quantity').value, 10) });
    });
    element('hold').addEventListener('click', function () {
      hold({ seatIds: chosen.slice() });
    });

    function showChosen() {
      var total = chosen.reduce(function (sum, id) { return sum + seats[id].priceCents; }, 0);
      element('chosen').textContent = chosen.length === 0 ? 'No seat chosen yet.'
          : 'Chosen: ' + chosen.join(', ') + ' (' + money(total, event.currency) + ')';
      element('hold').disabled = chosen.length === 0 || holding;
    }

    /** Draws the map anew; a keyboard user's focus stays on the seat it was on. */
    function drawSeats(list) {
      var sections = element('sections');
      var focused = document.activeElement && document.activeElement.dataset
          ? document.activeElement.dataset.seatId : undefined;
      sections.textContent = '';
      list.forEach(function (seat) { seats[seat.seatId] = seat; });
      chosen = chosen.filter(function (id) { return seats[id] && seats[id].status === 'FREE'; });
      seatMap(list).forEach(function (section) {
        var box = make('section', undefined, 'seat-section');
        box.appendChild(make('h3', 'Section ' + section.section));
        section.rows.forEach(function (row) {
          var line = make('div', undefined, 'seat-row');
          line.appendChild(make('span', 'Row ' + row.row, 'row-label'));
          row.seats.forEach(function (seat) {
            var mine = chosen.indexOf(seat.seatId) >= 0;
            var button = make('button', String(seat.number), 'seat ' + (mine ? 'chosen' : seat.status.toLowerCase()));
            button.type = 'button';
            button.dataset.seatId = seat.seatId;
            button.disabled = seat.status !== 'FREE';
            button.setAttribute('aria-pressed', String(mine));
            button.setAttribute('aria-label', 'Section ' + section.section + ', row ' + row.row + ', seat '
                + seat.number + ', ' + money(seat.priceCents, event.currency) + ', '
                + (mine ? 'chosen' : seat.status.toLowerCase()));
            button.addEventListener('click', function () {
              var next = toggle(chosen, seat.seatId, event.maxPerOrder);
              element('problem').textContent = next.refused
                  ? 'At most ' + event.maxPerOrder + ' seats per order. Unselect one first.' : '';
              chosen = next.chosen;
              holdKey = newKey();
              drawSeats(list);
            });
            line.appendChild(button);
          });
          box.appendChild(line);
        });
        sections.appendChild(box);
      });
      if (focused) {
        var again = sections.querySelector('[data-seat-id="' + focused + '"]');
        (again && !again.disabled ? again : element('hold')).focus();
      }
      showChosen();
    }

    async function refreshSeats() {
      var reply = await call('GET', '/api/events/' + encodeURIComponent(eventId) + '/seats');
      if (reply.status === 200) {
        element('seat-map').hidden = false;
        drawSeats(reply.body.seats);
      }
    }

    async function hold(wanted) {
      if (holding) {
        return;
      }
      holding = true;
      element('best-available').disabled = true;
      showChosen();
      element('problem').textContent = '';
      say('Holding your seats…');
      var reply = await call('POST', '/api/events/' + encodeURIComponent(eventId) + '/holds',
          { 'X-Admission-Token': admissionToken, 'Idempotency-Key': holdKey }, wanted);
      holding = false;
      element('best-available').disabled = false;
      if (reply.status === 201) {
        save(orderKey(eventId), { orderId: reply.body.orderId, expiresAt: reply.body.expiresAt });
        say('Held. Taking you to checkout…');
        window.location.assign('/orders/' + encodeURIComponent(reply.body.orderId));
        return;
      }
      var type = reply.body.type || '';
      if (reply.status === 409 && type === '/problems/order-already-live') {
        var live = await liveOrder(eventId);
        if (live) {
          window.location.assign('/orders/' + encodeURIComponent(live.orderId));
          return;
        }
      }
      if (reply.status !== 429 && reply.status !== 503 && reply.status !== 0) {
        holdKey = newKey();
      }
      say(reply.status === 409 && type === '/problems/sold-out' ? 'Sold out. Every ticket has been sold.'
          : 'Nothing was held.');
      element('problem').textContent = problemText(reply);
      if (reply.status === 403 || reply.status === 401) {
        element('rejoin').hidden = false;
      }
      if (event.seated) {
        refreshSeats();
      }
      showChosen();
    }

    if (event.seated) {
      refreshSeats();
      setInterval(function () {
        if (!holding && document.visibilityState !== 'hidden') {
          refreshSeats();
        }
      }, SEATS_REFRESH_MS);
    }
  }

  var parts = window.location.pathname.split('/').map(function (part) { return decodeURIComponent(part); });
  var page = document.body.dataset.page;
  if (page === 'index') {
    eventsPage();
  } else if (page === 'event') {
    eventPage(parts[2]);
  } else if (page === 'admitted') {
    admittedPage(parts[2]);
  }
}());
