import type { OpenAlert } from '../slack/unfurl.js';
import type { AlertStore } from './alert-store.js';

/** The open alerts listing these models or about these root causes (finding keys), from the alerts' state. */
export function openAlerts(store: AlertStore): (models: string[], keys: string[]) => Promise<OpenAlert[]> {
  return async (models, keys) => {
    const [byModel, live] = await Promise.all([store.byModel(models), store.live(keys)]);
    const ids = [...new Set([...Object.values(byModel).flat(), ...Object.values(live)])];
    const states = await store.states(ids);
    return Object.values(states)
      .filter((s) => s.status === 'open')
      .sort((a, b) => a.raisedAt - b.raisedAt || a.id.localeCompare(b.id))
      .map((s) => ({ headline: s.headline, acknowledged: !!s.acknowledged }));
  };
}
