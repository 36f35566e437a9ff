// Charts drawn at build time: a Vega-Lite spec rendered to SVG in Node (vega's headless view: no browser, no canvas).
import * as vega from 'vega';
import { compile } from 'vega-lite';

const LOOK = {
  font: 'Inter, ui-sans-serif, system-ui, sans-serif',
  axis: { labelFontSize: 12, titleFontSize: 12, gridColor: '#e5e7eb' },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: 'bottom' },
  title: { fontSize: 14, anchor: 'start' },
  view: { stroke: null },
  range: { category: ['#4f46e5', '#dc2626', '#9ca3af', '#059669'] },
};

/** The SVG text of a Vega-Lite spec (its data inline), with a title and a description for screen readers. */
export async function svgChart(spec) {
  const full = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: LOOK,
    background: 'white',
    ...spec,
  };
  const view = new vega.View(vega.parse(compile(full).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
