/**
 * A figure's trend as a small inline line (no chart library: a tile holds one,
 * and the page has several). Days without a value (null) break the line.
 */
export function TrendLine({ values, label, width = 120, height = 28 }: { values: (number | null)[]; label: string; width?: number; height?: number }) {
  const present = values.filter((v): v is number => v !== null);
  const max = Math.max(...present, 0);
  const min = Math.min(...present, 0);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  let d = "";
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null) {
      drawing = false;
      return;
    }
    const x = (i * step).toFixed(1);
    const y = (height - 2 - ((v - min) / span) * (height - 4)).toFixed(1);
    d += `${drawing ? "L" : "M"}${x} ${y}`;
    drawing = true;
  });
  return (
    <svg className="trend-line" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <title>{label}</title>
      <path d={d} fill="none" stroke="var(--accent)" strokeWidth="1.5" />
    </svg>
  );
}
