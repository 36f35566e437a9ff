import { describe, expect, it } from 'vitest';
import { errorPageHtml, modelReportHtml, reportFileName, type ReportIncident } from '../../src/html-report/index.js';
import { reportPath } from '../../src/core/links.js';
import { MODEL, ds } from '../core/builder.js';
import { cleanVerdict, troubledVerdict } from '../render/verdicts.js';
import { deepCase } from './fixtures.js';

const incidents: ReportIncident[] = [
  {
    urn: 'urn:li:incident:open-1',
    key: 'upstream_failure:x',
    title: 'build_clean failed',
    state: 'ACTIVE',
    stage: 'TRIAGE',
    dataset: ds('clean_chargebacks'),
  },
  {
    urn: 'urn:li:incident:done-2',
    key: 'freshness_lag:y',
    title: 'fx_rates was stale',
    state: 'RESOLVED',
    stage: 'FIXED',
    dataset: ds('fx_rates'),
  },
];

describe('the Model Impact Report', () => {
  it('renders a troubled verdict (golden file)', async () => {
    const html = modelReportHtml(troubledVerdict(), { incidents, datahubUiUrl: 'http://datahub.example:9002' });
    await expect(html).toMatchFileSnapshot('__golden__/troubled.html');
  });

  it('renders a clean verdict (golden file)', async () => {
    await expect(modelReportHtml(cleanVerdict())).toMatchFileSnapshot('__golden__/clean.html');
  });

  it('renders the same page for the same verdict', () => {
    const { verdict, graph } = deepCase();
    expect(modelReportHtml(verdict, { graph })).toBe(modelReportHtml(deepCase().verdict, { graph: deepCase().graph }));
  });

  it('shows the score, the band, Argos, every deduction, the exact leak chains and the blast radius', () => {
    const v = troubledVerdict();
    const html = modelReportHtml(v);
    expect(html).toContain(`<span class="score-value">${v.score}</span>`);
    expect(html).toContain(`<div class="score-card band-${v.band}"`);
    expect(html).not.toContain('held down by');
    const capped = {
      ...v,
      score: 80,
      band: 'at_risk' as const,
      capped: { by: v.findings[1]!.key, severity: 'critical' },
    };
    expect(modelReportHtml(capped)).toContain(
      '<span class="band" data-band="at_risk">At risk</span><p class="capped">held down by a critical finding</p>',
    );
    expect(html).toContain("Argos, Janus's watchdog");
    expect(html).toContain('Feature days_to_chargeback can see the answer');
    for (const f of v.findings)
      expect(html).toContain(`<td class="weight">−${f.weight}</td><td><code>${f.detector}</code>`);
    expect(html).toContain(
      '<ol class="chain" aria-label="column chain"><li><span class="step" title="urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,fraud_features,PROD),days_to_chargeback)">fraud_features.days_to_chargeback</span></li>',
    );
    expect(html).toContain('<span class="step shared"');
    expect(html).toContain('<span class="step label"');
    // The blast radius links each model to its own report.
    expect(html).toContain(`href="${reportPath('urn:li:mlModel:(urn:li:dataPlatform:mlflow,chargeback_model,PROD)')}"`);
    expect(html).toContain('fraud_model</a> · this model');
    expect(html).toContain('<time datetime="2026-11-30T12:00:00.000Z">2026-11-30 12:00:00 UTC</time>');
    expect(html).toContain('<a href="http://datahub.example:8080/">http://datahub.example:8080</a>');
  });

  it('lists open incidents only, and leaves the section out when incidents were not read', () => {
    const html = modelReportHtml(troubledVerdict(), { incidents });
    expect(html).toContain('build_clean failed');
    expect(html).not.toContain('fx_rates was stale');
    expect(modelReportHtml(troubledVerdict(), { incidents: [] })).toContain('No open Janus incident.');
    expect(modelReportHtml(troubledVerdict())).not.toContain('Open incidents');
  });

  it('links entities to the DataHub UI when its URL is known', () => {
    const linked = modelReportHtml(troubledVerdict(), { datahubUiUrl: 'https://datahub.example.com/' });
    expect(linked).toContain(`href="https://datahub.example.com/dataset/${encodeURIComponent(ds('fx_rates'))}"`);
    expect(linked).toContain(`href="https://datahub.example.com/mlModels/${encodeURIComponent(MODEL)}"`);
    expect(linked).toContain(`href="https://datahub.example.com/tasks/`);
    expect(modelReportHtml(troubledVerdict())).not.toContain('href="https://datahub.example.com');
    expect(modelReportHtml(troubledVerdict(), { reportHref: (m) => `${m.name}.html` })).toContain(
      'href="chargeback_model.html"',
    );
  });

  it('is self-contained: no script, no external stylesheet, font or image', () => {
    const html = modelReportHtml(deepCase().verdict, { graph: deepCase().graph });
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(http/i);
    expect(html).toContain("default-src 'none'");
  });
});

describe('escaping: names, urns and messages come from DataHub', () => {
  const hostile = '<script>alert(1)</script>';
  const v = troubledVerdict();
  const evil = {
    ...v,
    model: { urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${hostile},PROD)`, name: hostile },
    findings: v.findings.map((f) => ({
      ...f,
      message: `<img src=x onerror="alert(2)">${f.message}`,
      entity: `${f.entity}"><svg onload=alert(3)>`,
    })),
    deductions: v.deductions.map((d) => ({ ...d, reason: `<b onmouseover=alert(4)>${d.reason}` })),
    blastRadius: [{ dataset: ds('x'), models: [{ urn: 'urn:li:mlModel:(p,"><script>,PROD)', name: '<i>other</i>' }] }],
    datahub: 'javascript:alert(5)',
  };
  const html = modelReportHtml(evil, {
    incidents: [{ ...incidents[0]!, title: '<script>alert(6)</script>' }],
    datahubUiUrl: 'javascript:alert(7)',
  });

  it('renders a model named <script> inert', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(
      `<title>&lt;script&gt;alert(1)&lt;/script&gt; · ${v.score}/100 · Janus Model Impact Report</title>`,
    );
  });

  it('leaves no tag or attribute from the data alive', () => {
    expect(html).not.toMatch(/<(img|svg onload|b onmouseover|i>)/i);
    // Attribute values are escaped (no raw quote inside), so with them blanked no event handler may remain.
    expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('links nowhere but http(s)', () => {
    expect(html).not.toMatch(/(href|src)="\s*javascript:/i);
    expect(html.match(/href="([^"]*)"/g)!.every((h) => /^href="(https?:|\/reports\/)/.test(h))).toBe(true);
  });

  it('escapes error pages too', () => {
    const page = errorPageHtml('No such model', `no model named "${hostile}"`, hostile);
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('no model named &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
  });
});

describe('report addresses', () => {
  it('serves a model at /reports/<urn, URL-encoded>', () => {
    expect(reportPath(MODEL)).toBe(
      '/reports/urn%3Ali%3AmlModel%3A(urn%3Ali%3AdataPlatform%3Amlflow%2Cfraud_model%2CPROD)',
    );
    expect(decodeURIComponent(reportPath(MODEL).slice('/reports/'.length))).toBe(MODEL);
  });

  it.each([
    ['fraud_detector_v4', 'fraud_detector_v4.html'],
    ['churn model (v2)', 'churn_model__v2_.html'],
    ['../../etc/passwd', '__.._etc_passwd.html'],
    ['.hidden', '_hidden.html'],
    ['', 'model.html'],
    ['modèle/ünïcode', 'mod_le__n_code.html'],
  ])('names the --report-dir file of %j %j', (name, file) => {
    expect(reportFileName({ model: { name } })).toBe(file);
  });
});
