import type { AuditStamp } from './gms-rules.js';

/** The incident's `status` (IncidentStatus.pdl). */
export interface IncidentStatusAspect {
  state: 'ACTIVE' | 'RESOLVED';
  stage?: string;
  message?: string;
  lastUpdated: AuditStamp;
}

/** The stored `incidentInfo` aspect (IncidentInfo.pdl). */
export interface IncidentInfoAspect {
  type: string;
  customType?: string;
  title?: string;
  description?: string;
  entities: string[];
  priority?: number;
  assignees?: { actor: string; assignedAt: AuditStamp }[];
  status: IncidentStatusAspect;
  source?: { type: string };
  startedAt?: number;
  created: AuditStamp;
}
