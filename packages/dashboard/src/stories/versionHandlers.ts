import { delay, http, HttpResponse } from 'msw';
import type {
  AgentDraft,
  AgentVersionDetail,
  AgentVersionsList,
  RestoreVersionResponse,
} from '@parley/api-client';

/**
 * MSW handlers for an agent's drafts and versions (docs/versions.md), typed by the contract
 * (@parley/api-client schemas/versions.ts): the list, one version, the draft's changes, Discard
 * and Restore, on any origin.
 */
export interface VersionsBackendOptions {
  versions?: AgentVersionsList;
  draft?: AgentDraft;
  /** Settings of each version by number (GET …/versions/{n}). */
  details?: Record<number, Pick<AgentVersionDetail, 'settings' | 'tools' | 'analysis'>>;
}

export const storyVersionsList: AgentVersionsList = {
  live_version: 2,
  draft_changed: true,
  versions: [
    {
      version: 2,
      published_at: '2026-11-26T10:15:00Z',
      published_by: 'Grace Hopper',
      note: 'New greeting',
      restored_from: null,
    },
    {
      version: 1,
      published_at: '2026-11-24T09:00:00Z',
      published_by: 'Ada Lovelace',
      note: 'First version',
      restored_from: null,
    },
  ],
};

export const storyDraft: AgentDraft = {
  draft_changed: true,
  live_version: 2,
  changes: [
    {
      field: 'initial_message',
      live: 'Hello! How can I help you today?',
      draft: 'Hi, welcome to Acme Dental!',
    },
  ],
};

export function versionsBackend(options: VersionsBackendOptions = {}) {
  let list = options.versions ?? storyVersionsList;
  let draft = options.draft ?? storyDraft;
  const details = options.details ?? {
    1: { settings: { initial_message: 'Welcome!' }, tools: [], analysis: null },
    2: {
      settings: { initial_message: 'Hello! How can I help you today?' },
      tools: [],
      analysis: null,
    },
  };
  return [
    http.get('*/api/agents/:name/versions', async () => {
      await delay(50);
      return HttpResponse.json(list);
    }),
    http.get('*/api/agents/:name/versions/:n', async ({ params }) => {
      await delay(50);
      const n = Number(params.n);
      const found = list.versions.find((v) => v.version === n);
      const settings = details[n];
      if (!found || !settings)
        return HttpResponse.json({ error: 'Version not found' }, { status: 404 });
      return HttpResponse.json({ ...found, ...settings } satisfies AgentVersionDetail);
    }),
    http.post('*/api/agents/:name/versions/:n/restore', async ({ params }) => {
      await delay(200);
      const from = Number(params.n);
      const version = (list.versions[0]?.version ?? 0) + 1;
      list = {
        live_version: version,
        draft_changed: true,
        versions: [
          {
            version,
            published_at: '2026-11-27T08:00:00Z',
            published_by: 'Ada Lovelace',
            note: null,
            restored_from: from,
          },
          ...list.versions,
        ],
      };
      return HttpResponse.json({
        success: true,
        version,
        restored_from: from,
      } satisfies RestoreVersionResponse);
    }),
    http.get('*/api/agents/:name/draft', async () => {
      await delay(50);
      return HttpResponse.json(draft);
    }),
    http.post('*/api/agents/:name/draft/discard', async () => {
      await delay(200);
      draft = { draft_changed: false, live_version: list.live_version, changes: [] };
      return HttpResponse.json({
        success: true,
        message: `The draft is version ${list.live_version} again`,
        live_version: list.live_version ?? 1,
      });
    }),
  ];
}
