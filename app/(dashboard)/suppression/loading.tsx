import { SectionLoading } from "../_components/kit/section-loading";

export default function SuppressionLoading() {
  return <SectionLoading title="Suppression" />;
}
