#!/bin/sh
# jev hook recipe for Claude Code and Hermes shell hooks: suggest a skill before
# each turn, report each skill the agent loads. Needs sh, curl and jq.
#
#   Claude Code  UserPromptSubmit      -> prints additionalContext naming the skill (match >= 0.5)
#                PostToolUse (Skill)   -> POST /api/feedback {"event": "loaded"}
#   Hermes       pre_llm_call          -> prints {"context": "..."}
#                post_tool_call (skill_view, successful) -> POST /api/feedback
#
# Reporting loads is what lets rule 2 learn: requests say "feedback": true.
# Environment: JEV_URL (default http://127.0.0.1:3000), JEV_API_TOKEN.
# Fails open: on any error it prints nothing and exits 0 (exit 2 would block a Claude Code prompt).

url="${JEV_URL:-http://127.0.0.1:3000}"
payload=$(cat) || exit 0
event=$(printf '%s' "$payload" | jq -r '.hook_event_name // empty' 2>/dev/null) || exit 0

post() { # path, body on stdin
  curl -s --max-time 2 --max-filesize 1048576 -H "Authorization: Bearer ${JEV_API_TOKEN:-}" -H 'content-type: application/json' --data-binary @- "$url$1" 2>/dev/null
}

suggest() { # agent, turn jq path; prints the skill to load, if any
  printf '%s' "$payload" |
    jq -c --arg agent "$1" "{turn: ($2 // \"\"), session_id: .session_id, agent: \$agent, feedback: true}" 2>/dev/null |
    post /api/pick-skill |
    jq -r 'select(.status == "ok") | [.skills[] | select(.match >= 0.5)][0].name // empty' 2>/dev/null
}

report_load() { # skill name jq path
  printf '%s' "$payload" | jq -c "select($1 != null) | {session_id: .session_id, skill: $1, event: \"loaded\"}" 2>/dev/null | post /api/feedback >/dev/null
}

case "$event" in
  UserPromptSubmit)
    skill=$(suggest claude-code .prompt)
    [ -n "$skill" ] && jq -cn --arg s "$skill" '{hookSpecificOutput: {hookEventName: "UserPromptSubmit", additionalContext: "[jev] The skill \"\($s)\" looks relevant: load it with the Skill tool if it fits the task."}}'
    ;;
  PostToolUse)
    [ "$(printf '%s' "$payload" | jq -r '.tool_name' 2>/dev/null)" = "Skill" ] && report_load .tool_input.skill
    ;;
  pre_llm_call)
    skill=$(suggest hermes .extra.user_message)
    [ -n "$skill" ] && jq -cn --arg s "$skill" '{context: "[jev] The skill \"\($s)\" looks relevant: load it with skill_view if it fits the task."}'
    ;;
  post_tool_call)
    # A successful skill_view of a whole skill (not one of its files) is a load.
    ok=$(printf '%s' "$payload" | jq -r 'select(.tool_name == "skill_view" and (.tool_input.file_path == null)) | .extra.result | (fromjson? // {}) | .success // false' 2>/dev/null)
    [ "$ok" = "true" ] && report_load .tool_input.name
    ;;
esac
exit 0
