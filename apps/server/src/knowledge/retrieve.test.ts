import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { segments } from '../db/schema';
import { openDatabase, type Database } from '../db/client';
import { freshPostgresUrl } from '../../test/harness';
import { pgliteTemplate } from '../../test/pgliteTemplate';
import { chunkSection } from './chunking';
import { overlaps } from './distinct';
import { createBase } from './retrievalFixture';
import { retrievalRecordSchema } from '@parley/api-client';
import { retrievalRecord } from './retrievalRecord';
import { retrieveSegments } from './retrieve';
import { verbatimPattern, verbatimProbes } from './retrieveFullText';
import { quoteLexeme, tsqueryOf } from './retrieveSql';

let database: Database;
let url: string | undefined;

beforeAll(async () => {
  url = await freshPostgresUrl();
  database = await openDatabase({ url, template: url ? undefined : await pgliteTemplate() });
}, 120_000);
afterAll(async () => {
  await database?.close();
  if (url) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)}`);
    await admin.end();
  }
});

const filler = (i: number) =>
  `Note ${i}: the front desk keeps a printed copy of the visitor rules for anyone who asks.`;

async function search(base: Awaited<ReturnType<typeof createBase>>, query: string, topK = 4) {
  return retrieveSegments(database.db, {
    organizationId: base.organizationId,
    knowledgeBaseIds: [base.knowledgeBaseId],
    query,
    topK,
  });
}

describe('query words are the documents’ words', () => {
  it('a dotted, slashed or versioned token in a query finds the same token in a passage', async () => {
    const base = await createBase(database.db);
    await base.addDocument('setup.md', [
      filler(1),
      'Put the listen port in config.yaml before the first start.',
      filler(2),
      'Release v2.1 removed the legacy exporter.',
      'Traffic goes over tcp/ip, never over serial lines.',
      'The editor reads settings.json from the workspace folder.',
      filler(3),
    ]);
    for (const [query, expected] of [
      ['config.yaml', 'config.yaml'],
      ['Where is the port set in config.yaml?', 'config.yaml'],
      ['what changed in v2.1', 'v2.1'],
      ['tcp/ip', 'tcp/ip'],
      ['settings.json', 'settings.json'],
    ]) {
      const found = await search(base, query!);
      expect(found[0]?.content, query).toContain(expected);
    }
  });

  it('a query of stopwords alone still finds the passages holding them', async () => {
    const base = await createBase(database.db);
    await base.addDocument('words.md', [
      'Parking is free on Sundays.',
      'Where to go with each parcel: straight into the red box by the door.',
      filler(1),
    ]);
    const found = await search(base, 'where with each into');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.content).toContain('Where to go with each parcel');
    expect(await search(base, 'whom')).toEqual([]);
  });

  it('quotes lexemes for tsquery input (quotes and backslashes doubled)', () => {
    expect(quoteLexeme("o'clock")).toBe("'o''clock'");
    expect(quoteLexeme('c:\\dir')).toBe("'c:\\\\dir'");
    expect(tsqueryOf(['config.yaml', 'port'], '|')).toBe("'config.yaml' | 'port'");
  });
});

describe('hit counts', () => {
  it("the runtime's retrieval answers without waiting for the hit-count write, which still lands", async () => {
    const base = await createBase(database.db);
    await base.addDocument('hours.md', ['We open at nine on Saturday.', filler(1)]);
    // A database whose UPDATE statements are held until released: a waiting retrieval cannot end.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const text = JSON.stringify(query);
          if (text.includes('UPDATE segments SET hit_count')) await held;
          return target.execute(query);
        };
      },
    });
    const input = {
      organizationId: base.organizationId,
      knowledgeBaseIds: [base.knowledgeBaseId],
      query: 'Saturday',
    };
    const errors: unknown[] = [];
    const found = await retrieveSegments(db, input, null, {
      hitCounts: 'background',
      onHitCountError: (e) => errors.push(e),
    });
    expect(found[0]!.content).toContain('Saturday');
    const waiting = retrieveSegments(db, input);
    const raced = await Promise.race([
      waiting,
      new Promise((r) => setTimeout(() => r('held'), 200)),
    ]);
    expect(raced).toBe('held');
    release();
    await waiting;
    // The background write was released with the waiting one but runs on its own connection
    // (PostgreSQL's pool): it lands, not necessarily before the waiting retrieval returns.
    const hits = async () => {
      const [row] = await database.db
        .select({ hits: segments.hitCount })
        .from(segments)
        .where(eq(segments.id, found[0]!.id));
      return row!.hits;
    };
    await expect.poll(hits, { timeout: 10_000 }).toBe(2);
    expect(errors).toEqual([]);
  });
  it('with hitCountsAfter the write starts only once the turn has answered', async () => {
    const base = await createBase(database.db);
    await base.addDocument('hours.md', ['We open at ten on Sunday.', filler(2)]);
    let updates = 0;
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: Parameters<typeof target.execute>[0]) => {
          if (JSON.stringify(query).includes('UPDATE segments SET hit_count')) updates++;
          return target.execute(query);
        };
      },
    });
    let answered!: () => void;
    const found = await retrieveSegments(
      db,
      {
        organizationId: base.organizationId,
        knowledgeBaseIds: [base.knowledgeBaseId],
        query: 'Sunday',
      },
      null,
      { hitCounts: 'background', hitCountsAfter: new Promise<void>((r) => (answered = r)) },
    );
    expect(found[0]!.content).toContain('Sunday');
    await new Promise((r) => setTimeout(r, 50));
    expect(updates).toBe(0);
    answered();
    await vi.waitFor(
      async () => {
        const [row] = await database.db
          .select({ hits: segments.hitCount })
          .from(segments)
          .where(eq(segments.id, found[0]!.id));
        expect(row!.hits).toBe(1);
      },
      { timeout: 5000 },
    );
    expect(updates).toBe(1);
  });
});

describe('ranking', () => {
  it('a rarer word outranks a common one (not the earlier position)', async () => {
    const base = await createBase(database.db);
    await base.addDocument('billing.md', [
      'Every invoice is sent by email at the end of the month.',
      'A refund is paid back to the card within five days.',
      ...Array.from({ length: 20 }, (_, i) => `Invoice ${i}: the invoice lists each line item.`),
    ]);
    const found = await search(base, 'invoice refund');
    expect(found[0]!.content).toContain('A refund is paid back');
  });

  it('of two passages holding the query word as often, the shorter ranks first (not the earlier position)', async () => {
    const base = await createBase(database.db);
    const long =
      'The warranty covers parts, labour, shipping both ways, a loan device while yours is away, ' +
      'free diagnostics, one battery swap, screen calibration, and a written report of every check ' +
      'the technicians ran on the device before it is sent back to you by courier.';
    await base.addDocument('warranty.md', [long, 'The warranty lasts two years.', filler(1)]);
    const found = await search(base, 'warranty');
    expect(found.map((s) => s.content)).toEqual(['The warranty lasts two years.', long]);
    expect(found[0]!.score).toBeGreaterThan(found[1]!.score);
  });

  it('passages holding more of the query words come before those holding fewer', async () => {
    const base = await createBase(database.db);
    await base.addDocument('hours.md', [
      'Parking, parking and more parking: the parking garage has parking on four floors.',
      'Weekend parking costs two euros an hour, paid at the front desk on the way out.',
      'The weekend opening hours are printed on the door of the main entrance hall.',
    ]);
    const found = await search(base, 'weekend parking');
    expect(found[0]!.content).toContain('Weekend parking costs');
    expect(found).toHaveLength(3);
  });
});

describe('distinct passages', () => {
  it('no two overlapping neighbours of one document share the top 4', async () => {
    const base = await createBase(database.db);
    const section = Array.from(
      { length: 16 },
      (_, i) =>
        `Step ${i + 1}: park in the visitor garage, level ${(i % 4) + 1}, and take the lift to the clinic reception.`,
    ).join(' ');
    const chunks = chunkSection(section, 200, 50); // the default 50% overlap
    expect(chunks.length).toBeGreaterThan(8);
    const { documentId } = await base.addDocument('directions.md', chunks);
    const found = await search(base, 'visitor garage lift');
    expect(found).toHaveLength(4);
    const refs = found.map((s) => ({ ...s, position: chunks.indexOf(s.content) + 1, documentId }));
    for (const a of refs)
      for (const b of refs)
        if (a !== b) expect(overlaps(a, b), `${a.position}/${b.position}`).toBe(false);
    expect(new Set(found.map((s) => s.content)).size).toBe(4);
  });

  it('the same text in two documents is returned once', async () => {
    const base = await createBase(database.db);
    await base.addDocument('a.md', ['Lost keys are kept at the front desk for a month.']);
    await base.addDocument('b.md', ['Lost keys are kept at the front desk for a month.']);
    await base.addDocument('c.md', ['Lost property other than keys goes to the police.']);
    const found = await search(base, 'lost keys');
    expect(found).toHaveLength(2);
  });
});

describe('phrase, proximity, identifiers and headings (issue 31)', () => {
  it('a query that is a sentence of a passage finds that passage first', async () => {
    const base = await createBase(database.db);
    const sentence = 'The licensee may not sublicense the software to a third party.';
    await base.addDocument('terms.txt', [
      // The same words, more often and scattered, in shorter passages.
      'Party software: the third party may sublicense. The licensee software party may not.',
      'Software licensee party third: sublicense may not, licensee may, party may.',
      `${filler(1)} ${sentence} ${filler(2)}`,
      filler(3),
    ]);
    const [first] = await search(base, sentence);
    expect(first!.content).toContain(sentence);
    expect(first!.why?.phrase).toBe(true);
  });

  it('a passage holding the query as written ranks before stemmed and stopword-less matches', async () => {
    const base = await createBase(database.db);
    await base.addDocument('errors.md', [
      // More of the query's stemmed words, and its stemmed phrase, but not its words as written.
      'Video generation: generating a video, then generated videos of video generation.',
      'Generated video: every video generated here is a generated video.',
      "The error's message defaults to 'No video generated.' when the model returns nothing.",
      filler(1),
    ]);
    const found = await search(base, 'No video generated');
    expect(found[0]!.content).toContain("'No video generated.'");
    expect(found[0]!.why).toMatchObject({ verbatim: true, phrase: true });
    expect(found[1]!.why?.verbatim).toBe(false);
  });

  it('verbatimPattern: whole words, punctuation literal, any spacing (in PostgreSQL)', async () => {
    const matches = async (query: string, text: string) =>
      rowsOf(await database.db.execute(sql`SELECT ${text} ~* ${verbatimPattern(query)} AS m`))[0]!
        .m;
    expect(await matches('No video generated', "defaults to 'No video generated.'")).toBe(true);
    expect(await matches('No video generated', 'piano video generated')).toBe(false);
    expect(await matches('No video generated', 'no video generatedX')).toBe(false);
    expect(await matches('white-space: pre-wrap (a.b)', 'White-Space:\n  pre-wrap (a.b);')).toBe(
      true,
    );
    expect(await matches('white-space: pre-wrap (a.b)', 'white-space: pre-wrap (aXb)')).toBe(false);
    expect(await matches("it's [x]*", "so it's [x]* here")).toBe(true);
    expect(verbatimProbes('  other   warnings ')).toEqual([
      'other warnings',
      'OTHER WARNINGS',
      'Other warnings',
      'Other Warnings',
    ]);
    expect(verbatimProbes(' ')).toEqual([]);
    expect(verbatimPattern('   ')).toBeNull();
    expect(verbatimPattern('x'.repeat(201))).toBeNull();
  });

  it('an identifier as written ranks before its stemmed parts', async () => {
    const base = await createBase(database.db);
    await base.addDocument('pg.md', [
      'Raise the max connections count when many clients connect at the same max time.',
      'Set max_connections in postgresql.conf and restart the server.',
      'Clients are allowed in pg_hba.conf; useChat reads v1.2.3 of the protocol.',
    ]);
    expect((await search(base, 'max_connections'))[0]!.content).toContain('max_connections');
    for (const q of ['pg_hba.conf', 'useChat', 'v1.2.3'])
      expect((await search(base, q))[0]!.content).toContain(q);
  });

  it('words in a passage’s heading path count, and the answer says why', async () => {
    const base = await createBase(database.db);
    await base.addDocument('manual.md', [
      { content: 'Turn it on with the switch at the back.', headingPath: 'Manual › Power supply' },
      { content: 'The supply of spare parts is listed at the end.', headingPath: 'Manual › Parts' },
      filler(1),
    ]);
    const [first] = await search(base, 'power supply');
    expect(first!.headingPath).toBe('Manual › Power supply');
    expect(first!.why?.headingScore).toBeGreaterThan(0);
    expect(first!.why?.matchedTerms).toEqual(expect.arrayContaining(['power', 'suppli']));
    // The retrieval test's record (the contract's shape) says the same.
    const record = retrievalRecordSchema.parse(retrievalRecord(first!));
    expect(record.segment.heading_path).toBe('Manual › Power supply');
    expect(record.why).toMatchObject({ vector: null, fusion: null, as_written: false });
    expect(record.why!.full_text).toBeGreaterThan(0);
    expect(record.why!.heading).toBe(first!.why!.headingScore);
    expect(record.why!.matched_terms).toEqual(first!.why!.matchedTerms);
  });
});
