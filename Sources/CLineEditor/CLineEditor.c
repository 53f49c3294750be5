#include "CLineEditor.h"
#include <histedit.h>
int wn_line_editor_placeholder(void) { return 0; }
