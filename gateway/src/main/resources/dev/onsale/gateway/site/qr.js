// A QR Code encoder (ISO/IEC 18004) for the tickets on the confirmation page, here so that the page loads nothing
// from elsewhere: byte mode, UTF-8 (no ECI header; readers recognise UTF-8, and a ticket's text is ASCII anyway),
// level M (15 % of the codewords may be lost), the smallest version 1 to 10 that holds the text (longer is refused,
// never cut), and of the eight masks the one of lowest penalty (N1 to N4), the lowest-numbered on a tie.
(function () {
  'use strict';

  var MAX_VERSION = 10;
  var QUIET_ZONE_MODULES = 4;
  var PIXELS_PER_MODULE = 4;
  var SVG_NS = 'http://www.w3.org/2000/svg';

  // Level M's blocks per version 1 to 10 (ISO/IEC 18004 table 9): [EC codewords per block, group-1 blocks,
  // data codewords per group-1 block, group-2 blocks, data codewords per group-2 block].
  var BLOCKS_M = [null,
    [10, 1, 16, 0, 0], [16, 1, 28, 0, 0], [26, 1, 44, 0, 0], [18, 2, 32, 0, 0], [24, 2, 43, 0, 0],
    [16, 4, 27, 0, 0], [18, 4, 31, 0, 0], [22, 2, 38, 2, 39], [22, 3, 36, 2, 37], [26, 4, 43, 1, 44]];

  /** Centre rows and columns of the alignment patterns per version (ISO/IEC 18004 annex E). */
  var ALIGNMENT = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
    [6, 28, 50]];

  /** Mask conditions by number, for row r and column c: a data module flips where true (ISO/IEC 18004 table 10). */
  var MASKS = [
    function (r, c) { return (r + c) % 2 === 0; },
    function (r) { return r % 2 === 0; },
    function (r, c) { return c % 3 === 0; },
    function (r, c) { return (r + c) % 3 === 0; },
    function (r, c) { return (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0; },
    function (r, c) { return (r * c) % 2 + (r * c) % 3 === 0; },
    function (r, c) { return ((r * c) % 2 + (r * c) % 3) % 2 === 0; },
    function (r, c) { return ((r + c) % 2 + (r * c) % 3) % 2 === 0; }
  ];

  // ---- bytes and codewords ----------------------------------------------------------------------

  /** The UTF-8 bytes of a string; a lone surrogate becomes U+FFFD. */
  function utf8(text) {
    var bytes = [];
    for (var i = 0; i < text.length; i++) {
      var cp = text.charCodeAt(i);
      if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < text.length) {
        var low = text.charCodeAt(i + 1);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          i++;
        }
      }
      if (cp >= 0xD800 && cp <= 0xDFFF) {
        cp = 0xFFFD;
      }
      if (cp < 0x80) {
        bytes.push(cp);
      } else if (cp < 0x800) {
        bytes.push(0xC0 | cp >> 6, 0x80 | cp & 0x3F);
      } else if (cp < 0x10000) {
        bytes.push(0xE0 | cp >> 12, 0x80 | cp >> 6 & 0x3F, 0x80 | cp & 0x3F);
      } else {
        bytes.push(0xF0 | cp >> 18, 0x80 | cp >> 12 & 0x3F, 0x80 | cp >> 6 & 0x3F, 0x80 | cp & 0x3F);
      }
    }
    return bytes;
  }

  function dataCodewords(version) {
    var b = BLOCKS_M[version];
    return b[1] * b[2] + b[3] * b[4];
  }

  /** The byte count's width in bits: 8 up to version 9, 16 from version 10. */
  function countBits(version) {
    return version < 10 ? 8 : 16;
  }

  /** Mode, count, bytes, terminator and padding: exactly the version's data codewords. */
  function dataStream(bytes, version) {
    var bits = [];
    function put(value, length) {
      for (var i = length - 1; i >= 0; i--) {
        bits.push(value >>> i & 1);
      }
    }
    put(4, 4);
    put(bytes.length, countBits(version));
    bytes.forEach(function (b) { put(b, 8); });
    var capacity = dataCodewords(version) * 8;
    put(0, Math.min(4, capacity - bits.length));
    put(0, (8 - bits.length % 8) % 8);
    var codewords = [];
    for (var i = 0; i < bits.length; i += 8) {
      codewords.push(parseInt(bits.slice(i, i + 8).join(''), 2));
    }
    for (var pad = 0xEC; codewords.length < capacity / 8; pad ^= 0xEC ^ 0x11) {
      codewords.push(pad);
    }
    return codewords;
  }

  // GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1, as exp and log tables.
  var EXP = [];
  var LOG = [];
  (function () {
    for (var i = 0, x = 1; i < 255; i++) {
      EXP[i] = x;
      LOG[x] = i;
      x = x << 1 ^ (x & 0x80 ? 0x11D : 0);
    }
  }());

  function multiply(a, b) {
    return a === 0 || b === 0 ? 0 : EXP[(LOG[a] + LOG[b]) % 255];
  }

  /** The Reed-Solomon generator (x - a^0)(x - a^1)...(x - a^(degree-1)), highest coefficient first, that 1 dropped. */
  function generator(degree) {
    var poly = [1];
    for (var i = 0; i < degree; i++) {
      var next = [];
      for (var j = 0; j <= poly.length; j++) {
        next[j] = (j < poly.length ? poly[j] : 0) ^ (j > 0 ? multiply(poly[j - 1], EXP[i]) : 0);
      }
      poly = next;
    }
    return poly.slice(1);
  }

  /** The EC codewords of one block: the remainder of data * x^degree divided by the generator. */
  function errorCorrection(data, degree) {
    var gen = generator(degree);
    var rest = [];
    for (var i = 0; i < degree; i++) {
      rest.push(0);
    }
    data.forEach(function (d) {
      var factor = d ^ rest.shift();
      rest.push(0);
      for (var k = 0; k < degree; k++) {
        rest[k] ^= multiply(gen[k], factor);
      }
    });
    return rest;
  }

  /** The data split into the version's blocks, each with its EC codewords, interleaved as the symbol carries them. */
  function finalCodewords(data, version) {
    var b = BLOCKS_M[version];
    var blocks = [];
    var offset = 0;
    for (var i = 0; i < b[1] + b[3]; i++) {
      var length = i < b[1] ? b[2] : b[4];
      var block = data.slice(offset, offset + length);
      offset += length;
      blocks.push({ data: block, ec: errorCorrection(block, b[0]) });
    }
    var out = [];
    for (var col = 0; col < Math.max(b[2], b[4]); col++) {
      blocks.forEach(function (bl) { if (col < bl.data.length) { out.push(bl.data[col]); } });
    }
    for (col = 0; col < b[0]; col++) {
      blocks.forEach(function (bl) { out.push(bl.ec[col]); });
    }
    return out;
  }

  // ---- the symbol -------------------------------------------------------------------------------

  /** Remainder of value * x^degree modulo a BCH generator, appended to value. */
  function bch(value, degree, poly) {
    var rest = value << degree;
    for (var bit = 31 - Math.clz32(poly); 31 - Math.clz32(rest) >= bit;) {
      rest ^= poly << (31 - Math.clz32(rest) - bit);
    }
    return value << degree | rest;
  }

  function Symbol(version) {
    var size = 17 + 4 * version;
    this.size = size;
    this.dark = [];
    this.fixed = [];
    for (var r = 0; r < size; r++) {
      this.dark.push(new Array(size).fill(false));
      this.fixed.push(new Array(size).fill(false));
    }
    for (var i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    this.pattern(3, 3, 4);
    this.pattern(3, size - 4, 4);
    this.pattern(size - 4, 3, 4);
    var centres = ALIGNMENT[version];
    var last = centres.length - 1;
    for (var a = 0; a <= last; a++) {
      for (var b = 0; b <= last; b++) {
        if (!(a === 0 && b === 0 || a === 0 && b === last || a === last && b === 0)) {
          this.pattern(centres[a], centres[b], 2);
        }
      }
    }
    this.format(0);
    if (version >= 7) {
      var bits = bch(version, 12, 0x1F25);
      for (i = 0; i < 18; i++) {
        var on = (bits >>> i & 1) === 1;
        this.set(Math.floor(i / 3), size - 11 + i % 3, on);
        this.set(size - 11 + i % 3, Math.floor(i / 3), on);
      }
    }
  }

  Symbol.prototype.set = function (r, c, dark) {
    if (r >= 0 && r < this.size && c >= 0 && c < this.size) {
      this.dark[r][c] = dark;
      this.fixed[r][c] = true;
    }
  };

  /** Concentric squares around (r, c): a finder with its separator (radius 4) or an alignment pattern (radius 2). */
  Symbol.prototype.pattern = function (r, c, radius) {
    for (var dr = -radius; dr <= radius; dr++) {
      for (var dc = -radius; dc <= radius; dc++) {
        var ring = Math.max(Math.abs(dr), Math.abs(dc));
        this.set(r + dr, c + dc, radius === 4 ? ring !== 2 && ring !== 4 : ring !== 1);
      }
    }
  };

  /** Both copies of the format information for level M (bits 00) and the mask, and the dark module. */
  Symbol.prototype.format = function (mask) {
    var bits = bch(mask, 10, 0x537) ^ 0x5412;
    var size = this.size;
    for (var i = 0; i < 15; i++) {
      var on = (bits >>> i & 1) === 1;
      this.set(i < 6 ? i : i < 8 ? i + 1 : 8, i < 8 ? 8 : i === 8 ? 7 : 14 - i, on);
      this.set(i < 8 ? 8 : size - 15 + i, i < 8 ? size - 1 - i : 8, on);
    }
    this.set(size - 8, 8, true);
  };

  /** The codewords' bits in the two-column zigzag from the bottom right; what is left over stays light. */
  Symbol.prototype.place = function (codewords) {
    var size = this.size;
    var n = 0;
    for (var right = size - 1; right >= 1; right -= 2) {
      if (right === 6) {
        right = 5;
      }
      var upward = (right + 1 & 2) === 0;
      for (var step = 0; step < size; step++) {
        var r = upward ? size - 1 - step : step;
        for (var c = right; c > right - 2; c--) {
          if (!this.fixed[r][c]) {
            this.dark[r][c] = n < codewords.length * 8 && (codewords[n >>> 3] >>> 7 - (n & 7) & 1) === 1;
            n++;
          }
        }
      }
    }
  };

  /** A copy with `mask` applied to the data modules and its format information drawn; this symbol is left as it is. */
  Symbol.prototype.masked = function (mask) {
    var copy = Object.create(Symbol.prototype);
    copy.size = this.size;
    copy.fixed = this.fixed;
    copy.dark = this.dark.map(function (row) { return row.slice(); });
    for (var r = 0; r < this.size; r++) {
      for (var c = 0; c < this.size; c++) {
        if (!this.fixed[r][c] && MASKS[mask](r, c)) {
          copy.dark[r][c] = !copy.dark[r][c];
        }
      }
    }
    copy.format(mask);
    return copy;
  };

  // ---- mask penalty -----------------------------------------------------------------------------

  /**
   * N1: 3 + (length - 5) per run of five or more alike; N3: 40 per dark-light-dark-dark-dark-light-dark with four light
   * on one side or both, where the quiet zone counts as light (as for ZXing's master, not its 3.5 releases).
   */
  function linePenalty(line) {
    var score = 0;
    var run = 1;
    for (var i = 1; i <= line.length; i++) {
      if (i < line.length && line[i] === line[i - 1]) {
        run++;
      } else {
        score += run >= 5 ? run - 2 : 0;
        run = 1;
      }
    }
    function light(from, to) {
      for (var k = Math.max(0, from); k < Math.min(line.length, to); k++) {
        if (line[k]) {
          return false;
        }
      }
      return true;
    }
    for (i = 0; i + 7 <= line.length; i++) {
      if (line[i] && !line[i + 1] && line[i + 2] && line[i + 3] && line[i + 4] && !line[i + 5] && line[i + 6]
          && (light(i - 4, i) || light(i + 7, i + 11))) {
        score += 40;
      }
    }
    return score;
  }

  /** N1 and N3 over rows and columns, N2: 3 per 2x2 alike, N4: 10 per 5 % the dark share is off 50 %. */
  function penalty(dark) {
    var size = dark.length;
    var score = 0;
    var darkCount = 0;
    for (var i = 0; i < size; i++) {
      score += linePenalty(dark[i]) + linePenalty(dark.map(function (row) { return row[i]; }));
      for (var c = 0; c < size; c++) {
        darkCount += dark[i][c] ? 1 : 0;
        if (i + 1 < size && c + 1 < size && dark[i][c] === dark[i][c + 1] && dark[i][c] === dark[i + 1][c]
            && dark[i][c] === dark[i + 1][c + 1]) {
          score += 3;
        }
      }
    }
    var total = size * size;
    return score + 10 * Math.floor(Math.abs(darkCount * 2 - total) * 10 / total);
  }

  // ---- API --------------------------------------------------------------------------------------

  /** The code's modules, row by row, true for dark, without the quiet zone. Throws for text beyond version 10. */
  function matrix(text) {
    var bytes = utf8(String(text));
    var version = 1;
    while (version <= MAX_VERSION && 4 + countBits(version) + 8 * bytes.length > 8 * dataCodewords(version)) {
      version++;
    }
    if (version > MAX_VERSION) {
      throw new Error('Too long for a QR code: the text is ' + bytes.length + ' bytes of UTF-8, version '
          + MAX_VERSION + ' at level M holds at most ' + (dataCodewords(MAX_VERSION) - 3));
    }
    var symbol = new Symbol(version);
    symbol.place(finalCodewords(dataStream(bytes, version), version));
    var best = null;
    var bestScore = Infinity;
    for (var mask = 0; mask < MASKS.length; mask++) {
      var candidate = symbol.masked(mask);
      var score = penalty(candidate.dark);
      if (score < bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    return best.dark;
  }

  // An <svg> of the code for `document`: 4-module quiet zone, 4 px a module, a white background and one path of dark
  // squares, styled by presentation attributes only (the page's CSP forbids style attributes).
  function svg(document, text, label) {
    var modules = matrix(text);
    var side = modules.length + 2 * QUIET_ZONE_MODULES;
    var d = [];
    modules.forEach(function (row, r) {
      row.forEach(function (on, c) {
        if (on) {
          d.push('M' + (c + QUIET_ZONE_MODULES) + ' ' + (r + QUIET_ZONE_MODULES) + 'h1v1h-1z');
        }
      });
    });
    var root = document.createElementNS(SVG_NS, 'svg');
    root.setAttribute('viewBox', '0 0 ' + side + ' ' + side);
    root.setAttribute('width', String(side * PIXELS_PER_MODULE));
    root.setAttribute('height', String(side * PIXELS_PER_MODULE));
    root.setAttribute('shape-rendering', 'crispEdges');
    root.setAttribute('role', 'img');
    root.setAttribute('aria-label', label);
    var background = document.createElementNS(SVG_NS, 'rect');
    [['width', String(side)], ['height', String(side)], ['fill', '#fff']].forEach(function (attribute) {
      background.setAttribute(attribute[0], attribute[1]);
    });
    root.appendChild(background);
    var path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d.join(''));
    path.setAttribute('fill', '#000');
    root.appendChild(path);
    return root;
  }

  var api = { matrix: matrix, svg: svg };
  if (typeof module === 'object' && module.exports) {
    module.exports = api;
  }
  if (typeof window !== 'undefined') {
    window.OnsaleQr = api;
  }
}());
