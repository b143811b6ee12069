import { SectionLoading } from "../_components/kit/section-loading";

export default function CuratorLoading() {
  return <SectionLoading title="Curator" />;
}
