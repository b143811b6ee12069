import { describe, expect, it } from "vitest";
import { contentWords, terms } from "./analyze";

describe("analyze", () => {
  it("splits identifiers and drops stop words and skill boilerplate", () => {
    expect(contentWords("Use this skill when the user asks for CompanyInfoTool data")).toEqual(["company", "info", "tool", "data"]);
    expect(contentWords("pdf_to-docx v2")).toEqual(["pdf", "docx", "v"]); // a lone digit is no term (analyze.ts)
  });
  it("stems English words so inflections meet", () => {
    expect(terms("deploying deployments")).toEqual(terms("deploy deployment"));
  });
  it("reads plural acronyms as their singular, not as two fragments", () => {
    expect(contentWords("merge PDFs, call APIs and compare LLMs")).toEqual(["merge", "pdf", "call", "api", "compare", "llm"]);
    expect(terms("PDFs")).toEqual(terms("PDF"));
    expect(contentWords("PDFS HTTPServer")).toEqual(["pdfs", "http", "server"]);
  });
  it("keeps words in other scripts", () => {
    expect(terms("生成 Excel 表格")).toEqual(["生成", "excel", "表格"]);
  });
});
