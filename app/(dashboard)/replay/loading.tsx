import { SectionLoading } from "../_components/kit/section-loading";

export default function ReplayLoading() {
  return <SectionLoading title="Replay" />;
}
