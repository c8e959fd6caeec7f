/** Where the Integrations section lives (the user menu and the editor's key fields link here). */
export const integrationsHref = '/?view=integrations';
export const isIntegrationsView = (search: string) =>
  new URLSearchParams(search).get('view') === 'integrations';
