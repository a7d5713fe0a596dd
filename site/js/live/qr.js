// QR codes of the live table's join codes and links, drawn at once in the page (no Python, no
// library): byte mode, versions 1-40, levels L/M/Q/H (ISO/IEC 18004).
//
// Written here rather than vendoring qrcode-generator (MIT, ~20 kB minified, ~12 kB gz): that
// package is a CommonJS/UMD script, not an ES module, so the page could import it only through
// the bundle (the modules as written in dist/, which the tests and bench pages import, could
// not), and it carries every mode (numeric, alphanumeric, kanji), GIF and table renderers this
// app never draws. The codes here are a few hundred bytes of ASCII; this encoder is ~350 lines,
// and e2e/test_live_qr.py checks its matrices module for module against segno's (the encoder the
// app and its tests already pin) for every version, level and mask.
//
//   encodeQr(text, {level, minVersion, mask, boost}) -> {version, level, mask, size, modules}
//   qrPath(qr, border) -> an SVG path's `d` (one unit a module), qrSvg(text, options) -> SVG text

const LEVELS = ["L", "M", "Q", "H"];
const FORMAT_LEVEL = { L: 1, M: 0, Q: 3, H: 2 };
// Error correction codewords per block and the number of blocks, by level and version (index 0
// unused): ISO/IEC 18004 table 9.
const ECC_PER_BLOCK = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};
const BLOCKS = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Modules of a version that carry codewords (all but the function patterns and format and
 * version information). */
function dataModules(version) {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (version, level) =>
  Math.floor(dataModules(version) / 8) - ECC_PER_BLOCK[level][version] * BLOCKS[level][version];

const bitsNeeded = (version, length) => 4 + (version < 10 ? 8 : 16) + 8 * length;

/** The QR code of text (UTF-8, byte mode): the smallest version from minVersion that holds it
 * at `level`, then the highest level that version still holds (`boost`); the mask of least
 * penalty unless `mask` is given. modules[y * size + x] is 1 for a dark module. */
export function encodeQr(text, { level = "M", minVersion = 1, mask = null, boost = true } = {}) {
  if (!LEVELS.includes(level)) throw new RangeError(`QR level must be one of ${LEVELS.join(", ")}`);
  const data = new TextEncoder().encode(text);
  let version = minVersion;
  while (version <= 40 && bitsNeeded(version, data.length) > dataCodewords(version, level) * 8) version++;
  if (version > 40) throw new RangeError(`Too long for a QR code (${data.length} bytes)`);
  if (boost) {
    for (const higher of LEVELS.slice(LEVELS.indexOf(level) + 1)) {
      if (bitsNeeded(version, data.length) > dataCodewords(version, higher) * 8) break;
      level = higher;
    }
  }
  const grid = new Grid(version);
  grid.place(codewords(data, version, level));
  const chosen = mask ?? grid.bestMask();
  grid.applyMask(chosen);
  grid.drawFormat(level, chosen);
  grid.drawVersion();
  return { version, level, mask: chosen, size: grid.size, modules: grid.modules };
}

// --- codewords -------------------------------------------------------------------------------

function codewords(data, version, level) {
  const capacity = dataCodewords(version, level);
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4); // byte mode
  put(data.length, version < 10 ? 8 : 16);
  for (const byte of data) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length)); // terminator
  put(0, (8 - (bits.length % 8)) % 8);
  const bytes = [];
  for (let i = 0; i < bits.length; i += 8) bytes.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; bytes.length < capacity; pad ^= 0xec ^ 0x11) bytes.push(pad);

  // Split into blocks (the last ones one byte longer), add each block's error correction, and
  // interleave: the first byte of every block, then the second…
  const blocks = BLOCKS[level][version], eccLength = ECC_PER_BLOCK[level][version];
  const raw = Math.floor(dataModules(version) / 8);
  const short = blocks - (raw % blocks), shortData = Math.floor(raw / blocks) - eccLength;
  const divisor = rsDivisor(eccLength);
  const dataBlocks = [], eccBlocks = [];
  for (let i = 0, at = 0; i < blocks; i++) {
    const block = bytes.slice(at, (at += shortData + (i < short ? 0 : 1)));
    dataBlocks.push(block);
    eccBlocks.push(rsRemainder(block, divisor));
  }
  const out = [];
  for (let i = 0; i <= shortData; i++) for (const block of dataBlocks) if (i < block.length) out.push(block[i]);
  for (let i = 0; i < eccLength; i++) for (const block of eccBlocks) out.push(block[i]);
  return out;
}

// Reed-Solomon over GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1, multiplying through
// tables of powers and logarithms of 2.
const EXP = new Uint8Array(255), LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = x;
  LOG[x] = i;
}
const gfMultiply = (a, b) => (a && b ? EXP[(LOG[a] + LOG[b]) % 255] : 0);

function rsDivisor(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function rsRemainder(data, divisor) {
  const n = divisor.length, result = new Uint8Array(n);
  for (const byte of data) {
    const factor = byte ^ result[0];
    result.copyWithin(0, 1);
    result[n - 1] = 0;
    for (let i = 0; i < n; i++) result[i] ^= gfMultiply(divisor[i], factor);
  }
  return result;
}

// --- the matrix ------------------------------------------------------------------------------

class Grid {
  constructor(version) {
    this.version = version;
    const size = (this.size = version * 4 + 17);
    this.modules = new Uint8Array(size * size);
    this.reserved = new Uint8Array(size * size); // function patterns, format and version areas
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const d = Math.max(Math.abs(dx), Math.abs(dy));
          if (x + dx >= 0 && x + dx < size && y + dy >= 0 && y + dy < size) this.set(x + dx, y + dy, d !== 2 && d !== 4);
        }
      }
    }
    const centres = this.alignmentCentres(), last = centres.length - 1;
    centres.forEach((cx, i) => centres.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }));
    // Format and version areas and the dark module: light while the mask is chosen.
    for (let i = 0; i < 9; i++) {
      if (i === 6) continue; // the timing patterns cross there
      this.set(8, i, false);
      this.set(i, 8, false);
    }
    for (let i = 0; i < 8; i++) {
      this.set(size - 1 - i, 8, false);
      this.set(8, size - 1 - i, false);
    }
    if (version >= 7) {
      for (let i = 0; i < 18; i++) {
        this.set(size - 11 + (i % 3), Math.floor(i / 3), false);
        this.set(Math.floor(i / 3), size - 11 + (i % 3), false);
      }
    }
  }

  set(x, y, dark) {
    this.modules[y * this.size + x] = dark ? 1 : 0;
    this.reserved[y * this.size + x] = 1;
  }

  alignmentCentres() {
    if (this.version === 1) return [];
    const count = Math.floor(this.version / 7) + 2;
    const step = Math.floor((this.version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
    const centres = [6];
    for (let pos = this.size - 7; centres.length < count; pos -= step) centres.splice(1, 0, pos);
    return centres;
  }

  /** The codewords' bits in the zigzag of two-module columns, right to left. */
  place(bytes) {
    const size = this.size;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5; // the vertical timing pattern's column is skipped
      const upward = ((right + 1) & 2) === 0;
      for (let v = 0; v < size; v++) {
        const y = upward ? size - 1 - v : v;
        for (const x of [right, right - 1]) {
          if (this.reserved[y * size + x] || i >= bytes.length * 8) continue;
          this.modules[y * size + x] = (bytes[i >>> 3] >>> (7 - (i & 7))) & 1;
          i++;
        }
      }
    }
  }

  /** The modules with mask applied, into `out` (default: in place). */
  applyMask(mask, out = this.modules) {
    const size = this.size, test = MASKS[mask];
    for (let y = 0, i = 0; y < size; y++) {
      for (let x = 0; x < size; x++, i++) out[i] = this.modules[i] ^ (!this.reserved[i] && test(x, y) ? 1 : 0);
    }
  }

  bestMask() {
    let best = 0, bestScore = Infinity;
    const masked = new Uint8Array(this.modules.length);
    for (let mask = 0; mask < MASKS.length; mask++) {
      this.applyMask(mask, masked);
      const score = penalty(masked, this.size);
      if (score < bestScore) [best, bestScore] = [mask, score];
    }
    return best;
  }

  drawFormat(level, mask) {
    const size = this.size, data = (FORMAT_LEVEL[level] << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, size - 15 + i, bit(i));
    this.set(8, size - 8, true); // the dark module
  }

  drawVersion() {
    if (this.version < 7) return;
    let rem = this.version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (this.version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1, a = this.size - 11 + (i % 3), b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }
}

// The penalty of a masked matrix (ISO/IEC 18004 7.8.3: runs, 2×2 blocks, finder-like patterns,
// balance), read as segno reads it (format areas still light), so both pick the same mask.
function penalty(m, size) {
  let score = 0, dark = 0;
  const row = new Uint8Array(size), column = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      row[j] = m[i * size + j];
      column[j] = m[j * size + i];
      dark += row[j];
      if (i && j && row[j] === row[j - 1] && row[j] === m[(i - 1) * size + j] && row[j] === m[(i - 1) * size + j - 1]) score += 3;
    }
    score += runs(row) + runs(column) + finderLike(row) + finderLike(column);
  }
  return score + 10 * Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5);
}

function runs(line) {
  let score = 0, run = 1;
  for (let j = 1; j <= line.length; j++) {
    if (j < line.length && line[j] === line[j - 1]) run++;
    else {
      if (run >= 5) score += run - 2;
      run = 1;
    }
  }
  return score;
}

// dark light dark dark dark light dark, with 4 light modules (or the edge) before or after.
function finderLike(line) {
  const size = line.length;
  const light = (from, to) => {
    for (let i = Math.max(from, 0); i < Math.min(to, size); i++) if (line[i]) return false;
    return true;
  };
  let score = 0;
  for (let at = 0; at + 7 <= size;) {
    if (!(line[at] && !line[at + 1] && line[at + 2] && line[at + 3] && line[at + 4] && !line[at + 5] && line[at + 6])) {
      at++;
      continue;
    }
    if (at === 0 || at === size - 7 || light(at - 4, at) || light(at + 7, at + 11)) {
      score += 40;
      at += 7;
    } else at += 4;
  }
  return score;
}

/** An SVG path of the dark modules, one unit a module, shifted by `border` (the quiet zone). */
export function qrPath({ size, modules }, border = 4) {
  let d = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      let run = 1;
      while (x + run < size && modules[y * size + x + run]) run++;
      d += `M${x + border} ${y + border}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return d;
}

/** A QR code of text as an SVG document (e.g. for an <img> through a data: URL). */
export function qrSvg(text, { border = 4, ...options } = {}) {
  const qr = encodeQr(text, options);
  const side = qr.size + 2 * border;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${qrPath(qr, border)}" fill="#000"/></svg>`;
}
