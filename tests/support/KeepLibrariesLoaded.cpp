// libisostar_keep_dl.so: preloaded (LD_PRELOAD) into sanitizer runs of programs that open an
// OpenGL context. It makes dlclose() keep every library loaded, so that when LeakSanitizer
// reports at exit, the leaks of the GL driver (Mesa's DRI/gallium driver and LLVM, dlopen'ed by
// libGLX_mesa and closed again with the display) still belong to a named module and
// tools/lsan.supp can suppress exactly those. Without it their frames are "<unknown module>"
// and the only way out would be turning leak detection off for the whole program.
//
// Built without any sanitizer (it is loaded into every process of the run, ctest and the shell
// included); dlclose() here only reports success. Nothing else is interposed.

extern "C" int dlclose(void*)
{
    return 0;
}
