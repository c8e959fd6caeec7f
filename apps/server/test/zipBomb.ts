import zlib from 'node:zlib';

/**
 * A lying zip bomb, as an attacker builds it: one `word/document.xml` entry whose headers (local
 * and central directory) claim `claimedBytes` but whose deflate data inflates to `realMiB` MiB of
 * zeros. Built without ever holding the inflated bytes: one compressed MiB (a non-final deflate
 * block) repeated, then an empty final block. About 1 KB of zip per inflated MiB.
 */
export function lyingZipBomb(realMiB: number, claimedBytes = 4096): Uint8Array {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const data = Buffer.concat([...Array<Buffer>(realMiB).fill(block), Buffer.from([0x03, 0x00])]);
  const name = Buffer.from('word/document.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc32 (nobody checks it before inflating)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimedBytes, 22); // the lie
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimedBytes, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // local header offset
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

/** Runs `work` while sampling the process's resident memory; returns the peak growth in MB. */
export async function peakRssGrowthMb<T>(
  work: () => Promise<T>,
): Promise<{ result: T; mb: number }> {
  globalThis.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, mb: (peak - base) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}
