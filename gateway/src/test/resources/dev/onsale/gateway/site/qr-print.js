// Prints QR matrices for the Java tests: `node qr-print.js <qr.js> <text>...` writes each text's matrix as rows of
// '1' (dark) and '0' (light), with a blank line between matrices. Without a text argument it encodes all of stdin
// (read as UTF-8), so that a caller need not trust the platform's encoding of command-line arguments.
// A text the encoder refuses ends the run with the encoder's message on stderr and exit status 1.
'use strict';

var qr = require(require('path').resolve(process.argv[2]));
var texts = process.argv.length > 3 ? process.argv.slice(3) : [require('fs').readFileSync(0, 'utf8')];

try {
  process.stdout.write(texts.map(function (text) {
    return qr.matrix(text).map(function (row) {
      return row.map(function (dark) { return dark ? '1' : '0'; }).join('');
    }).join('\n') + '\n';
  }).join('\n'));
} catch (refused) {
  process.stderr.write(refused.message + '\n');
  process.exitCode = 1;
}
