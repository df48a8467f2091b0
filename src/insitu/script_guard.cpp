// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Installs the Python guard (script_guard.py.inc) and reads what it caught,
// through the Python C API of the interpreter ParaView embeds.
#include <vtkPython.h>  // first: Python.h must precede the standard headers

#include "insitu/script_guard.hpp"

#include <vtkPythonInterpreter.h>
#include <vtkSmartPyObject.h>

namespace gs {

namespace {

constexpr const char* kModule = "gs_insitu_guard";
constexpr const char* kSource =
#include "insitu/script_guard.py.inc"
    ;

std::string text_of(PyObject* o) {
  const char* s = o && PyUnicode_Check(o) ? PyUnicode_AsUTF8(o) : nullptr;
  return s ? s : "";
}

}  // namespace

std::string install_script_guard() {
  vtkPythonInterpreter::Initialize();
  vtkPythonScopeGilEnsurer gil;
  PyObject* module = PyImport_AddModule(kModule);  // borrowed; also enters sys.modules
  if (!module) {
    PyErr_Clear();
    return "cannot create the Python module " + std::string(kModule);
  }
  PyObject* dict = PyModule_GetDict(module);  // borrowed
  PyDict_SetItemString(dict, "__builtins__", PyEval_GetBuiltins());
  vtkSmartPyObject done(PyRun_String(kSource, Py_file_input, dict, dict));
  if (done) return "";
  // The guard's own refusal (gs_one_line: this ParaView lacks what it wraps)
  // is its one line; anything else also prints its traceback.
  PyObject *kind = nullptr, *value = nullptr, *tb = nullptr;
  PyErr_Fetch(&kind, &value, &tb);
  PyErr_NormalizeException(&kind, &value, &tb);
  vtkSmartPyObject text(value ? PyObject_Str(value) : nullptr);
  std::string why = text ? text_of(text) : "";
  const bool one_line = value && PyObject_HasAttrString(value, "gs_one_line");
  if (!one_line) {
    PyErr_Restore(kind, value, tb);
    PyErr_Print();
    return "cannot install the script guard (src/insitu/script_guard.py.inc)" + (why.empty() ? "" : ": " + why);
  }
  Py_XDECREF(kind), Py_XDECREF(value), Py_XDECREF(tb);
  PyErr_Clear();
  return why;
}

ScriptFailure take_script_failure() {
  ScriptFailure out;
  vtkPythonScopeGilEnsurer gil;
  vtkSmartPyObject module(PyImport_ImportModule(kModule));
  vtkSmartPyObject result(module ? PyObject_CallMethod(module, "take_failure", nullptr) : nullptr);
  if (!result || !PyTuple_Check(result) || PyTuple_Size(result) != 3) {
    PyErr_Clear();
    out.any_rank = true;
    out.stage = "guard";
    out.message = "the script guard did not answer";
    return out;
  }
  out.any_rank = PyObject_IsTrue(PyTuple_GetItem(result, 0)) == 1;
  out.stage = text_of(PyTuple_GetItem(result, 1));
  out.message = text_of(PyTuple_GetItem(result, 2));
  return out;
}

namespace {

// Calls the guard's function `name`(step, time): "" when it returns a string
// (its answer), else `failed` with Python's reason.
std::string call_guard(const char* name, long step, double time, const std::string& failed, std::string* answer) {
  vtkPythonScopeGilEnsurer gil;
  vtkSmartPyObject module(PyImport_ImportModule(kModule));
  vtkSmartPyObject result(module ? PyObject_CallMethod(module, name, "ld", step, time) : nullptr);
  if (result && (PyUnicode_Check(result) || result == Py_None)) {
    if (answer) *answer = text_of(result);
    return "";
  }
  std::string why = failed;
  if (PyErr_Occurred()) {
    PyObject *kind = nullptr, *value = nullptr, *tb = nullptr;
    PyErr_Fetch(&kind, &value, &tb);
    vtkSmartPyObject text(value ? PyObject_Str(value) : nullptr);
    if (text) why += ": " + text_of(text);
    Py_XDECREF(kind), Py_XDECREF(value), Py_XDECREF(tb);
  }
  return why;
}

}  // namespace

std::string begin_extract_check(long step, double time) {
  return call_guard("begin_call", step, time, "the look at the extractors' files before the call failed", nullptr);
}

std::string missing_extract(long step, double time) {
  std::string answer;
  const std::string failed = call_guard("missing_extract", step, time, "the check of the extractors' files failed", &answer);
  return failed.empty() ? answer : failed;
}

}  // namespace gs
