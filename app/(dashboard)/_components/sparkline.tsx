/**
 * A day-by-day activity sparkline as inline SVG (no chart library: a table
 * row holds one per skill, so each series is one path, not a shape per day).
 * Uses, the hard signal, are solid bars; views, the soft one, are pale bars
 * behind them. The title gives the totals.
 */
export function Sparkline({ uses, views, label }: { uses: number[]; views: number[]; label: string }) {
  const days = uses.length;
  const max = Math.max(1, ...uses, ...views);
  const width = days * 3;
  const height = 18;
  const bars = (series: number[]) =>
    series
      .map((n, i) => {
        if (n <= 0) return "";
        const h = Math.max(1.5, (n / max) * height);
        return `M${i * 3} ${height}v${-h.toFixed(1)}h2v${h.toFixed(1)}z`;
      })
      .join("");
  const totalUses = uses.reduce((a, b) => a + b, 0);
  const totalViews = views.reduce((a, b) => a + b, 0);
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${label}: ${totalUses} uses, ${totalViews} views in ${days} days`}
    >
      <title>{`${totalUses} uses, ${totalViews} views in the last ${days} days`}</title>
      <path d={bars(views)} fill="var(--spark-view)" />
      <path d={bars(uses)} fill="var(--spark-use)" />
    </svg>
  );
}
