import { SectionLoading } from "../_components/kit/section-loading";

export default function SkillsLoading() {
  return <SectionLoading title="Skills" />;
}
