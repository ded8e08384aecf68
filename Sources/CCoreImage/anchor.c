// A C target needs one source file; nothing calls this.
int lunette_core_image_anchor(void) { return 1; }
