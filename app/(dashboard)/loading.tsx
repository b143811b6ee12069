import { SectionLoading } from "./_components/kit/section-loading";

export default function OverviewLoading() {
  return <SectionLoading title="Overview" />;
}
