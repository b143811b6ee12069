import { SectionLoading } from "../_components/kit/section-loading";

export default function SessionLoading() {
  return <SectionLoading title="Session" />;
}
