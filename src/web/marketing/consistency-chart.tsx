import { useT } from '../i18n/use-t';

/**
 * Rate of osmolality change over a 3-minute addition, manual against the instrument, drawn from
 * the trial's spread (±25 and ±6.6 mOsm/kg/s). The traces are illustrative, the bands are the
 * measured spread; computed here so no chart library loads.
 */
const width = 560;
const height = 260;
const pad = { left: 52, right: 28, top: 16, bottom: 36 };
const plotWidth = width - pad.left - pad.right;
const plotHeight = height - pad.top - pad.bottom;
const yMax = 35;

const x = (seconds: number) => pad.left + (seconds / 180) * plotWidth;
const y = (deviation: number) => pad.top + ((yMax - deviation) / (2 * yMax)) * plotHeight;

/** A deterministic wobble within ±amplitude (no randomness, so the server and browser draw the same). */
function trace(amplitude: number, frequencies: readonly number[]): string {
  const points: string[] = [];
  for (let second = 0; second <= 180; second += 3) {
    const sum = frequencies.reduce((total, f, index) => total + Math.sin(second * f + index * 1.7), 0);
    const deviation = (sum / frequencies.length) * amplitude * 1.35;
    const clamped = Math.max(-amplitude, Math.min(amplitude, deviation));
    points.push(`${x(second).toFixed(1)},${y(clamped).toFixed(1)}`);
  }
  return points.join(' ');
}

const manualTrace = trace(25, [0.21, 0.53, 0.097]);
const instrumentTrace = trace(6.6, [0.31, 0.77, 0.13]);

// Text sizes are user units, scaled with the drawing: on a phone the chart is about 310 px wide (0.55
// of the viewBox), so its labels are 22 units there to stay above 11 px. Set in CSS, not in script:
// the home page has no JavaScript to spare.
export function ConsistencyChart() {
  const { t } = useT();
  return (
    <figure className="rounded-xl border border-navy-100 bg-white p-4 sm:p-6">
      <figcaption className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <span className="font-semibold text-navy-900">
          {t('home.chart.caption', 'Deviation from target rate, mOsm/kg/s')}
        </span>
        <span className="flex gap-4 text-navy-700">
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="h-0.5 w-5 bg-[#c2410c]" /> {t('home.chart.manual', 'Manual')}
          </span>
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="h-1 w-5 bg-accent-600" /> Dropwise
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="mt-4 h-auto w-full [&_text]:text-[11px] max-sm:[&_text]:text-[22px]"
        role="img"
        aria-label={t(
          'home.chart.label',
          'Manual addition varies by up to plus or minus 25 mOsm/kg/s over three minutes; the instrument stays within plus or minus 6.6.',
        )}
      >
        <rect x={pad.left} y={y(25)} width={plotWidth} height={y(-25) - y(25)} fill="#c2410c" opacity="0.06" />
        <rect x={pad.left} y={y(6.6)} width={plotWidth} height={y(-6.6) - y(6.6)} fill="#17a09d" opacity="0.14" />
        {[-30, -15, 0, 15, 30].map((tick) => (
          <g key={tick}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? '#8ea9cb' : '#dfe8f3'}
            />
            <text x={pad.left - 8} y={y(tick) + 4} textAnchor="end" fill="#3d5f8c">
              {tick > 0 ? `+${tick}` : tick}
            </text>
          </g>
        ))}
        {[0, 60, 120, 180].map((second) => (
          <text key={second} x={x(second)} y={height - 12} textAnchor="middle" fill="#3d5f8c">
            {second === 0 ? '0 s' : `${second / 60} min`}
          </text>
        ))}
        <polyline points={manualTrace} fill="none" stroke="#c2410c" strokeWidth="1.75" strokeLinejoin="round" />
        <polyline points={instrumentTrace} fill="none" stroke="#0e7f7e" strokeWidth="2.5" strokeLinejoin="round" />
        <text
          x={width - pad.right - 4}
          y={y(25) - 4}
          textAnchor="end"
          fill="#9a3412"
          stroke="#fff"
          strokeWidth="4"
          paintOrder="stroke"
        >
          ±25 manual
        </text>
        <text
          x={width - pad.right - 4}
          y={y(6.6) - 4}
          textAnchor="end"
          fill="#0f6667"
          fontWeight="600"
          stroke="#fff"
          strokeWidth="4"
          paintOrder="stroke"
        >
          ±6.6 Dropwise
        </text>
      </svg>
    </figure>
  );
}
