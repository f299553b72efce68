import { useId, useRef, useState } from 'react';
import { useEarlyValue } from '../lib/use-early-value';
import { type PageText, useT } from '../i18n/use-t';
import { numberSeparators } from '../../shared/i18n/formats';
import { calculateRoi, formatHours, roiConstants } from './roi';

/** Hours as the page's language writes them: "1,234.5" in English, "1.234,5", "1 234,5" (no Intl, decision 0087). */
const hoursIn = (language: PageText['language'], hours: number) => formatHours(hours, numberSeparators(language));

interface SliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit: string;
  onChange: (value: number) => void;
}

function Slider({ label, value, min, max, step, unit, onChange }: SliderProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEarlyValue(input, (early) => onChange(Number(early)));
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-navy-900">
          {label}
        </label>
        <output htmlFor={id} className="tabular text-lg font-semibold text-navy-900">
          {value} <span className="text-sm font-normal text-navy-600">{unit}</span>
        </output>
      </div>
      <input
        ref={input}
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={`${value} ${unit}`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-3 h-2 w-full cursor-pointer accent-accent-600"
      />
      <div className="mt-1 flex justify-between text-xs text-navy-600">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}

/** Hours a year by hand against with the instrument, as two bars. */
function HoursChart({ manualHours, automatedHours }: { manualHours: number; automatedHours: number }) {
  const { t, language } = useT();
  const width = 320;
  const barHeight = 28;
  const labelWidth = 86;
  const scale = (hours: number) => Math.max(2, (hours / Math.max(manualHours, 1)) * (width - labelWidth - 70));
  const rows = [
    { label: t('home.roi.byHand', 'By hand'), hours: manualHours, color: '#8ea9cb' },
    { label: 'Dropwise', hours: automatedHours, color: '#0e7f7e' },
  ];
  return (
    <svg
      viewBox={`0 0 ${width} 92`}
      width={width}
      height={92}
      className="h-auto w-full"
      role="img"
      aria-label={t('home.roi.chartLabel', 'Hours a year: {manual} by hand, {automated} with Dropwise.', {
        manual: hoursIn(language, manualHours),
        automated: hoursIn(language, automatedHours),
      })}
    >
      {rows.map((row, index) => {
        const top = 8 + index * (barHeight + 16);
        return (
          <g key={row.label}>
            <text x={0} y={top + 19} fontSize="13" fill="#1f3a5f">
              {row.label}
            </text>
            <rect x={labelWidth} y={top} width={scale(row.hours)} height={barHeight} rx={4} fill={row.color} />
            <text x={labelWidth + scale(row.hours) + 6} y={top + 19} fontSize="13" fill="#0b1f3a" fontWeight="600">
              {hoursIn(language, row.hours)} h
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The savings (ROI) calculator of storefront spec section 9, recalculated as the sliders move. */
export function RoiCalculator() {
  const [minutes, setMinutes] = useState<number>(roiConstants.minutes.default);
  const [procedures, setProcedures] = useState<number>(roiConstants.procedures.default);
  const roi = calculateRoi(minutes, procedures);
  const { t, money, language } = useT();

  return (
    <div className="grid overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm lg:grid-cols-2">
      <div className="space-y-8 p-6 sm:p-8">
        <h3 className="text-lg font-semibold text-navy-900">{t('home.roi.title', 'Savings calculator')}</h3>
        <Slider
          label={t('home.roi.minutes', 'Minutes per manual addition')}
          value={minutes}
          {...roiConstants.minutes}
          unit="min"
          onChange={setMinutes}
        />
        <Slider
          label={t('home.roi.procedures', 'Procedures per day')}
          value={procedures}
          {...roiConstants.procedures}
          unit={procedures === 1 ? t('home.roi.procedure', 'procedure') : t('home.roi.proceduresUnit', 'procedures')}
          onChange={setProcedures}
        />
        <p className="text-xs leading-relaxed text-navy-600">
          {t(
            'home.roi.assumes',
            'Assumes 30 seconds of hands-on time per automated addition, {days} working days a year and {rate} an hour of staff time.',
            { days: roiConstants.workingDays, rate: money(roiConstants.hourlyRateGbp * 100, 'GBP', { decimals: 0 }) },
          )}
        </p>
      </div>
      <div className="flex flex-col justify-between gap-6 bg-navy-900 p-6 text-white sm:p-8" aria-live="polite">
        <dl className="grid grid-cols-2 gap-6">
          <div>
            <dt className="text-sm text-navy-100">{t('home.roi.hoursSaved', 'Hours saved per year')}</dt>
            <dd className="tabular mt-1 text-3xl font-semibold md:text-4xl" data-testid="roi-hours">
              {hoursIn(language, roi.hoursSaved)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-navy-100">{t('home.roi.saving', 'Saving per year')}</dt>
            <dd className="tabular mt-1 text-3xl font-semibold text-accent-300 md:text-4xl" data-testid="roi-saving">
              {money(Math.round(roi.savingGbp * 100), 'GBP', { decimals: 0 })}
            </dd>
          </div>
        </dl>
        <div className="rounded-lg bg-white p-4">
          <HoursChart manualHours={roi.manualHours} automatedHours={roi.automatedHours} />
        </div>
      </div>
    </div>
  );
}
