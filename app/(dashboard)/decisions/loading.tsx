import { SectionLoading } from "../_components/kit/section-loading";

export default function DecisionsLoading() {
  return <SectionLoading title="Decisions" />;
}
