#ifndef CLINEEDITOR_H
#define CLINEEDITOR_H
/* Placeholder; the line-editor shim is filled in by the LineEditor work. */
int wn_line_editor_placeholder(void);
#endif
